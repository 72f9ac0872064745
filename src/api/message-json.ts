/**
 * Formatted messages as UTF-8 JSON, made once per message and viewer shape and reused until the store next
 * changes: a page of 100 messages is then 200 cached byte pieces (each message, then its flags) joined once,
 * instead of 100 formats, one large stringify and an encoding of the whole answer.
 */
import type { FormatOptions } from '../store/messages/format.js';
import { formatMessage } from '../store/messages/format.js';
import { flagNames } from '../store/messages/flags.js';
import { FLAG_BITS, type MessageRecord, type UserRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import { canSeeDeliveryEmail } from '../store/users.js';
import { JsonText } from './json-text.js';

/**
 * A message's JSON for one shape, valid while `changes` holds: `open` is the text without its closing brace
 * (the flags follow), `whole` the same bytes followed by `tail`, the flags (and comma) of the first answer that
 * needed it, so that most pages copy one piece per message. `open` is a view of `whole`'s memory.
 */
interface Entry {
  changes: number;
  shape: number;
  open: Uint8Array;
  whole: Uint8Array;
  tail: Uint8Array;
}

// Bounded: a realm of a million messages must not keep every page ever fetched.
const MAX_ENTRIES = 20_000;
const caches = new WeakMap<Store, Map<number, Entry[]>>();

const encoder = new TextEncoder();

/** A message without a personal row is shown as read and historical. */
const NO_ROW_BITS = FLAG_BITS.read | FLAG_BITS.historical;

/**
 * `,"flags":[...]}` (and the comma before the next message) by flag bits and comma, per feature level (the
 * level decides which flags are named). A few dozen combinations occur; they never change.
 */
const flagTails = new Map<number, Map<number, Uint8Array>>();

function flagTail(tails: Map<number, Uint8Array>, bits: number, comma: boolean, featureLevel: number) {
  const key = bits * 2 + (comma ? 1 : 0);
  let tail = tails.get(key);
  if (tail === undefined) {
    const text = `,"flags":${JSON.stringify(flagNames(bits, featureLevel))}}${comma ? ',' : ''}`;
    tails.set(key, (tail = encoder.encode(text)));
  }
  return tail;
}

/** The options' part of a shape (see shapeOf). */
const optionBits = (options: FormatOptions): number =>
  (options.applyMarkdown ? 1 : 0) | (options.clientExtavatar ? 2 : 0) | (options.allowEmptyTopicName ? 4 : 0);

/**
 * What makes two viewers' copies of a message differ (flags aside): the options and the avatar rule. The one
 * viewer-dependent field is avatar_url, null for senders whose real e-mail the viewer may see.
 */
function shapeOf(store: Store, record: MessageRecord, viewer: UserRecord, options: number): number {
  if ((options & 2) === 0) return options;
  const sender = store.state.users.get(record.sender_id);
  return sender && canSeeDeliveryEmail(sender, viewer) ? options | 8 : options;
}

/**
 * Appends the UTF-8 JSON of `records` as GET /messages gives them to `viewer` (formatMessageWithFlags), with a
 * comma between two messages and none around them. Every change to the realm goes through Store.emit, which
 * counts it in `store.changes`: a cached text is used only while that count is the one it was made at, so a
 * renamed sender, an edit or a new reaction is never served stale. The pieces are shared: never write to them.
 */
export function pushMessagesJson(
  parts: Uint8Array[],
  store: Store,
  records: readonly MessageRecord[],
  viewer: UserRecord,
  options: FormatOptions,
): void {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  const { changes, featureLevel } = store;
  let tails = flagTails.get(featureLevel);
  if (!tails) flagTails.set(featureLevel, (tails = new Map()));
  const rows = store.state.index.flags.get(viewer.user_id);
  const optionShape = optionBits(options);
  // Pages often hold runs of one sender's messages: the sender's part of the shape is looked up once a run.
  let lastSender = -1;
  let senderShape = optionShape;
  const last = records.length - 1;
  for (let i = 0; i <= last; i++) {
    const record = records[i]!;
    if (record.sender_id !== lastSender) {
      lastSender = record.sender_id;
      senderShape = shapeOf(store, record, viewer, optionShape);
    }
    const shape = senderShape;
    const tail = flagTail(tails, rows?.get(record.id) ?? NO_ROW_BITS, i < last, featureLevel);
    let entries = cache.get(record.id);
    if (entries && entries[0]!.changes !== changes) entries = undefined;
    let entry: Entry | undefined;
    if (entries) {
      for (const candidate of entries) {
        if (candidate.shape === shape) {
          entry = candidate;
          break;
        }
      }
    }
    if (!entry) {
      const json = JSON.stringify(formatMessage(store.state, record, viewer, options, featureLevel));
      // One encoding into memory sized for the text and the tail: the closing brace is overwritten.
      const bytes = encoder.encode(json);
      const whole = new Uint8Array(bytes.length - 1 + tail.length);
      whole.set(bytes.subarray(0, bytes.length - 1));
      whole.set(tail, bytes.length - 1);
      entry = { changes, shape, open: whole.subarray(0, bytes.length - 1), whole, tail };
      if (entries) entries.push(entry);
      else {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(record.id, [entry]);
      }
    }
    if (entry.tail === tail) parts.push(entry.whole);
    else parts.push(entry.open, tail);
  }
}

/**
 * One message as GET /messages gives it to `viewer`, as JSON text (from the same cache as whole pages).
 * @example
 * messageJson(store, record, viewer, { applyMarkdown: true, clientExtavatar: true, allowEmptyTopicName: false }).json;
 */
export function messageJson(
  store: Store,
  record: MessageRecord,
  viewer: UserRecord,
  options: FormatOptions,
): JsonText {
  const parts: Uint8Array[] = [];
  pushMessagesJson(parts, store, [record], viewer, options);
  return new JsonText(parts);
}
