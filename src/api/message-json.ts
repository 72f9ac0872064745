/**
 * Formatted messages as JSON text, made once per message and viewer shape and reused until the store next
 * changes: a page of 100 messages is then 100 string joins instead of 100 formats and one large stringify.
 */
import type { FormatOptions } from '../store/messages/format.js';
import { formatMessage } from '../store/messages/format.js';
import { flagNames, viewerBits } from '../store/messages/flags.js';
import type { MessageRecord, UserRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import { canSeeDeliveryEmail } from '../store/users.js';
import { JsonText } from './json-text.js';

/** The message's JSON without its closing brace (flags follow), for one shape, valid while `changes` holds. */
interface Entry {
  changes: number;
  shape: number;
  open: string;
}

// Bounded: a realm of a million messages must not keep every page ever fetched.
const MAX_ENTRIES = 20_000;
const caches = new WeakMap<Store, Map<number, Entry[]>>();

/** What makes two viewers' copies of a message differ (flags aside): the options and the avatar rule. */
function shapeOf(store: Store, record: MessageRecord, viewer: UserRecord, options: FormatOptions): number {
  let shape = (options.applyMarkdown ? 1 : 0) | (options.clientExtavatar ? 2 : 0);
  if (options.allowEmptyTopicName) shape |= 4;
  if (options.clientExtavatar) {
    // The one viewer-dependent field: avatar_url is null for senders whose real e-mail the viewer may see.
    const sender = store.state.users.get(record.sender_id);
    if (sender && canSeeDeliveryEmail(sender, viewer)) shape |= 8;
  }
  return shape;
}

/**
 * The message as GET /messages gives it to `viewer` (formatMessageWithFlags, as JSON text). Every change to
 * the realm goes through Store.emit, which counts it in `store.changes`: a cached text is used only while that
 * count is the one it was made at, so a renamed sender, an edit or a new reaction is never served stale.
 */
export function messageJson(
  store: Store,
  record: MessageRecord,
  viewer: UserRecord,
  options: FormatOptions,
): JsonText {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  const shape = shapeOf(store, record, viewer, options);
  let entries = cache.get(record.id);
  if (entries && entries[0]!.changes !== store.changes) entries = undefined;
  let entry = entries?.find((e) => e.shape === shape);
  if (!entry) {
    const json = JSON.stringify(formatMessage(store.state, record, viewer, options, store.featureLevel));
    entry = { changes: store.changes, shape, open: json.slice(0, -1) };
    if (entries) entries.push(entry);
    else {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(record.id, [entry]);
    }
  }
  const flags = flagNames(viewerBits(store.state, viewer.user_id, record.id), store.featureLevel);
  return new JsonText(`${entry.open},"flags":${JSON.stringify(flags)}}`);
}
