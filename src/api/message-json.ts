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
import { highlightHtml, highlightTopic, type SearchQuery } from '../store/narrow/search.js';
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
 * level decides which flags are named); `open`, without the closing brace (search highlights follow). A few dozen combinations occur; they never change.
 */
const flagTails = new Map<number, Map<number, Uint8Array>>();

function flagTail(
  tails: Map<number, Uint8Array>,
  bits: number,
  comma: boolean,
  featureLevel: number,
  open = false,
) {
  const key = bits * 4 + (comma ? 1 : 0) + (open ? 2 : 0);
  let tail = tails.get(key);
  if (tail === undefined) {
    const text = `,"flags":${JSON.stringify(flagNames(bits, featureLevel))}${open ? '' : '}'}${comma ? ',' : ''}`;
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
 * Search highlights of one query per message (match_content, match_subject, the closing brace), made once per
 * message and kept while the store is unchanged: paging through a search's results highlights each message once.
 */
interface Matches {
  changes: number;
  pieces: Map<number, Matched>;
}

/**
 * A message's highlights (`match`: `,"match_content":…,"match_subject":…}`) and, as for the page without
 * search, the whole message in one piece for the text, flags and comma of the first page that needed it.
 */
interface Matched {
  match: Uint8Array;
  entry?: Entry;
  flags?: Uint8Array;
  comma?: boolean;
  whole?: Uint8Array;
}
const MAX_SEARCHES = 64;
const matchCaches = new WeakMap<Store, Map<string, Matches>>();

/** The cached highlights of `search` in `store` (emptied when the store has changed since). */
function matchesOf(store: Store, search: SearchQuery): Matches {
  let bySearch = matchCaches.get(store);
  if (!bySearch) matchCaches.set(store, (bySearch = new Map()));
  const key = `${search.words.join(' ')}\u0000${search.phrases.join('\u0000')}`;
  let matches = bySearch.get(key);
  if (!matches || matches.changes !== store.changes) {
    if (!matches && bySearch.size >= MAX_SEARCHES) bySearch.clear();
    bySearch.set(key, (matches = { changes: store.changes, pieces: new Map() }));
  }
  return matches;
}

function matchedOf(matches: Matches, record: MessageRecord, search: SearchQuery): Matched {
  let matched = matches.pieces.get(record.id);
  if (matched === undefined) {
    if (matches.pieces.size >= MAX_ENTRIES) matches.pieces.clear();
    const content = JSON.stringify(highlightHtml(record.rendered_content, search));
    const subject = JSON.stringify(highlightTopic(record.topic, search));
    matched = { match: encoder.encode(`,"match_content":${content},"match_subject":${subject}}`) };
    matches.pieces.set(record.id, matched);
  }
  return matched;
}

/** Writes a highlighted message from `at` (returns the next index): one kept piece when its text, flags and comma are those it was joined for. */
function putMatched(
  parts: Uint8Array[],
  at: number,
  matched: Matched,
  entry: Entry,
  flags: Uint8Array,
  comma: boolean,
): number {
  if (matched.whole === undefined) {
    const { open } = entry;
    const whole = new Uint8Array(open.length + flags.length + matched.match.length + (comma ? 1 : 0));
    whole.set(open);
    whole.set(flags, open.length);
    whole.set(matched.match, open.length + flags.length);
    if (comma) whole[whole.length - 1] = 0x2c;
    Object.assign(matched, { entry, flags, comma, whole });
  }
  if (matched.entry === entry && matched.flags === flags && matched.comma === comma) {
    parts[at++] = matched.whole!;
    return at;
  }
  parts[at++] = entry.open;
  parts[at++] = flags;
  parts[at++] = matched.match;
  if (comma) parts[at++] = COMMA;
  return at;
}

const COMMA = encoder.encode(',');

/** The cached text of `record` for `shape` (made now when missing or older than the store's last change). */
function entryOf(
  store: Store,
  cache: Map<number, Entry[]>,
  record: MessageRecord,
  viewer: UserRecord,
  options: FormatOptions,
  shape: number,
  tail: Uint8Array,
): Entry {
  const { changes } = store;
  let entries = cache.get(record.id);
  if (entries && entries[0]!.changes !== changes) entries = undefined;
  if (entries) for (const candidate of entries) if (candidate.shape === shape) return candidate;
  const json = JSON.stringify(formatMessage(store.state, record, viewer, options, store.featureLevel));
  // One encoding into memory sized for the text and the tail: the closing brace is overwritten.
  const bytes = encoder.encode(json);
  const whole = new Uint8Array(bytes.length - 1 + tail.length);
  whole.set(bytes.subarray(0, bytes.length - 1));
  whole.set(tail, bytes.length - 1);
  const entry = { changes, shape, open: whole.subarray(0, bytes.length - 1), whole, tail };
  if (entries) entries.push(entry);
  else {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(record.id, [entry]);
  }
  return entry;
}

/**
 * The UTF-8 JSON of `records` as GET /messages gives them to `viewer` (formatMessageWithFlags, then
 * match_content and match_subject when `search` is given), commas between them, after `head` and before
 * `close`. Every change to the realm goes through Store.emit, which counts it in `store.changes`: a cached text
 * is used only while that count is the one it was made at, so a renamed sender, an edit or a new reaction is
 * never served stale. The pieces are shared: never write to them.
 * @example
 * messagesJson(store, records, viewer, options, undefined, encoder.encode('['), encoder.encode(']')).json;
 */
export function messagesJson(
  store: Store,
  records: readonly MessageRecord[],
  viewer: UserRecord,
  options: FormatOptions,
  search: SearchQuery | undefined,
  head: Uint8Array,
  close: Uint8Array,
): JsonText {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  const { featureLevel } = store;
  let tails = flagTails.get(featureLevel);
  if (!tails) flagTails.set(featureLevel, (tails = new Map()));
  const matches = search && matchesOf(store, search);
  const rows = store.state.index.flags.get(viewer.user_id);
  const optionShape = optionBits(options);
  // Sized for the most pieces a message takes (a page has hundreds): no growing copies; trimmed at the end.
  const parts = new Array<Uint8Array>(records.length * (matches ? 4 : 2) + 2);
  let at = 0;
  parts[at++] = head;
  // Pages often hold runs of one sender's messages: the sender's part of the shape is looked up once a run.
  let lastSender = -1;
  let shape = optionShape;
  const last = records.length - 1;
  for (let i = 0; i <= last; i++) {
    const record = records[i]!;
    if (record.sender_id !== lastSender) {
      lastSender = record.sender_id;
      shape = shapeOf(store, record, viewer, optionShape);
    }
    const bits = rows?.get(record.id) ?? NO_ROW_BITS;
    if (matches) {
      // Flags without the closing brace: the highlights close the message.
      const flags = flagTail(tails, bits, false, featureLevel, true);
      const entry = entryOf(store, cache, record, viewer, options, shape, flags);
      at = putMatched(parts, at, matchedOf(matches, record, search!), entry, flags, i < last);
      continue;
    }
    const tail = flagTail(tails, bits, i < last, featureLevel);
    const entry = entryOf(store, cache, record, viewer, options, shape, tail);
    if (entry.tail === tail) parts[at++] = entry.whole;
    else {
      parts[at++] = entry.open;
      parts[at++] = tail;
    }
  }
  parts[at++] = close;
  parts.length = at;
  return new JsonText(parts);
}

const NOTHING = new Uint8Array(0);

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
  return messagesJson(store, [record], viewer, options, undefined, NOTHING, NOTHING);
}
