/** Custom emoji: the API shape, adding and deactivating, and the realm_emoji events (a full replacement each time). */
import type { RealmEmoji } from '../../generated/types.js';
import type { RealmEmojiRecord, RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** A content type a custom emoji image may have. */
export type EmojiImageType = NonNullable<RealmEmojiRecord['image']>['content_type'];

/** The image types the server accepts for custom emoji, with the file extension each gets. */
export const EMOJI_IMAGE_TYPES: ReadonlyMap<string, string> = new Map<EmojiImageType, string>([
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/jpeg', 'jpeg'],
  ['image/webp', 'webp'],
]);

/** One emoji in the API's shape (the id as a string; the stored image stays out). */
export function formatRealmEmoji(emoji: RealmEmojiRecord): RealmEmoji {
  return {
    id: String(emoji.id),
    name: emoji.name,
    source_url: emoji.source_url,
    still_url: emoji.still_url,
    deactivated: emoji.deactivated,
    author_id: emoji.author_id,
  };
}

/** Every emoji of the realm, deactivated ones included, keyed by the id string. */
export function realmEmojiMap(state: RealmState): Record<string, RealmEmoji> {
  const out: Record<string, RealmEmoji> = {};
  for (const emoji of [...state.realmEmoji.values()].sort((a, b) => a.id - b.id))
    out[String(emoji.id)] = formatRealmEmoji(emoji);
  return out;
}

/** The active (not deactivated) emoji with this name. */
export function findActiveEmoji(state: RealmState, name: string): RealmEmojiRecord | undefined {
  for (const emoji of state.realmEmoji.values()) if (!emoji.deactivated && emoji.name === name) return emoji;
  return undefined;
}

/** Where an emoji's image is served: under the realm's upload path, as on the server. */
export function emojiImagePath(state: RealmState, id: number, extension: string): string {
  return `/user_avatars/${state.realm.id}/emoji/images/${id}.${extension}`;
}

/**
 * Emits realm_emoji/update with every emoji; `change` (a `$emoji` hint) is the single-emoji event that queues
 * with the individual_emoji_changes capability receive instead (see src/store/events/transforms.ts).
 */
function notify(store: Store, change: Record<string, unknown>): void {
  store.emit(store.activeUserIds(), {
    type: 'realm_emoji',
    op: 'update',
    realm_emoji: realmEmojiMap(store.state),
    $emoji: { type: 'realm_emoji', ...change },
  });
}

/** Adds a custom emoji with its image (name and permissions already checked) and emits realm_emoji/update. */
export function addRealmEmoji(
  store: Store,
  author: UserRecord,
  name: string,
  image: NonNullable<RealmEmojiRecord['image']>,
): RealmEmojiRecord {
  const id = store.nextId('emoji');
  const extension = EMOJI_IMAGE_TYPES.get(image.content_type) ?? 'png';
  const emoji: RealmEmojiRecord = {
    id,
    name,
    source_url: emojiImagePath(store.state, id, extension),
    still_url: null,
    deactivated: false,
    author_id: author.user_id,
    image: { ...image },
  };
  store.state.realmEmoji.set(id, emoji);
  notify(store, { op: 'add', emoji: formatRealmEmoji(emoji) });
  return emoji;
}

/** Deactivates a custom emoji (it stays listed, and old reactions keep it) and emits realm_emoji/update. */
export function deactivateRealmEmoji(store: Store, emoji: RealmEmojiRecord): void {
  emoji.deactivated = true;
  notify(store, { op: 'update_one', emoji_id: String(emoji.id), data: { deactivated: true } });
}
