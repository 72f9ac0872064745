/** Emoji reactions: resolving name/code/type, adding and removing, and the reaction events. */
import { emojiCodeForName, emojiNameForCode, SVC_EMOJI } from '../../markdown/emoji.js';
import { addUserRow } from '../message-index.js';
import { mutableMessage } from '../seed-state.js';
import { apiEmail } from '../users.js';
import { FLAG_BITS, type MessageRecord, type ReactionRecord, type UserRecord } from '../state.js';
import type { Store } from '../store.js';
import type { ReactionType } from '../../generated/types.js';
import { usersWithRow } from './delete.js';
import { has } from '../../versions/index.js';

/** A resolved emoji, or the reason it cannot be used. */
export type EmojiResolution =
  | { ok: true; emoji_name: string; emoji_code: string; reaction_type: ReactionType }
  | {
      ok: false;
      problem:
        | 'unknown_name'
        | 'invalid_code'
        | 'invalid_name'
        | 'invalid_type'
        | 'invalid_custom'
        | 'invalid_custom_name'
        | 'deactivated';
    };

const TYPES = new Set(['unicode_emoji', 'realm_emoji', 'svc_extra_emoji']);

/**
 * Resolves emoji parameters: the type defaults by name (custom emoji, then the svc emoji, then unicode) and
 * the code is derived from the name when absent. `forRemoval` accepts deactivated custom emoji.
 */
export function resolveEmoji(
  store: Store,
  input: { name?: string; code?: string; type?: string },
  forRemoval: boolean,
): EmojiResolution {
  const { name, code } = input;
  if (input.type !== undefined && !TYPES.has(input.type)) return { ok: false, problem: 'invalid_type' };
  // A name may belong to a deactivated emoji and, again, to an active one: the active one wins.
  const named = name !== undefined ? [...store.state.realmEmoji.values()].filter((e) => e.name === name) : [];
  const custom = named.find((e) => !e.deactivated) ?? named[0];
  const type =
    (input.type as ReactionType | undefined) ??
    (custom ? 'realm_emoji' : name === SVC_EMOJI || code === SVC_EMOJI ? 'svc_extra_emoji' : 'unicode_emoji');
  if (type === 'svc_extra_emoji') {
    if ((code ?? SVC_EMOJI) !== SVC_EMOJI) return { ok: false, problem: 'invalid_code' };
    if ((name ?? SVC_EMOJI) !== SVC_EMOJI) return { ok: false, problem: 'invalid_name' };
    return { ok: true, emoji_name: SVC_EMOJI, emoji_code: SVC_EMOJI, reaction_type: type };
  }
  if (type === 'realm_emoji') {
    // With a code, the code names the emoji (as on the server); the name must then be its name.
    const byCode =
      code !== undefined && /^\d+$/.test(code) ? store.state.realmEmoji.get(Number(code)) : undefined;
    const emoji = code !== undefined ? byCode : custom;
    if (!emoji)
      return code === undefined && name !== undefined
        ? { ok: false, problem: 'unknown_name' }
        : { ok: false, problem: 'invalid_custom' };
    if (name !== undefined && emoji.name !== name)
      return { ok: false, problem: forRemoval ? 'invalid_custom' : 'invalid_custom_name' };
    if (emoji.deactivated && !forRemoval) return { ok: false, problem: 'deactivated' };
    return { ok: true, emoji_name: emoji.name, emoji_code: String(emoji.id), reaction_type: type };
  }
  if (code !== undefined) {
    const canonical = emojiNameForCode(code);
    if (!canonical) return { ok: false, problem: 'invalid_code' };
    if (name !== undefined && emojiCodeForName(name) !== code.toLowerCase())
      return { ok: false, problem: 'invalid_name' };
    return { ok: true, emoji_name: name ?? canonical, emoji_code: code.toLowerCase(), reaction_type: type };
  }
  const derived = name !== undefined ? emojiCodeForName(name) : undefined;
  if (!derived) return { ok: false, problem: 'unknown_name' };
  return { ok: true, emoji_name: name!, emoji_code: derived, reaction_type: type };
}

/** The user's reaction with this type and code, if any (each type has its own code namespace). */
export function findReaction(
  message: MessageRecord,
  userId: number,
  type: ReactionType,
  code: string,
): ReactionRecord | undefined {
  return message.reactions.find(
    (r) => r.user_id === userId && r.reaction_type === type && r.emoji_code === code,
  );
}

function emitReaction(
  store: Store,
  op: 'add' | 'remove',
  message: MessageRecord,
  user: UserRecord,
  r: ReactionRecord,
): void {
  // Sent before 328 and again from 339 until 484, which removed it for good.
  const level = store.featureLevel;
  const withUser = !has('reaction_user_dropped', level) && !has('reaction_event_user_removed', level);
  store.emit(usersWithRow(store, message.id), {
    type: 'reaction',
    op,
    message_id: message.id,
    emoji_name: r.emoji_name,
    emoji_code: r.emoji_code,
    reaction_type: r.reaction_type,
    user_id: user.user_id,
    ...(withUser
      ? { user: { user_id: user.user_id, email: apiEmail(store.state, user), full_name: user.full_name } }
      : {}),
  });
}

/** Adds a reaction (a reader without a row gets a historical one) and emits reaction/add. */
export function addReaction(
  store: Store,
  user: UserRecord,
  message: MessageRecord,
  emoji: { emoji_name: string; emoji_code: string; reaction_type: ReactionType },
): void {
  const reaction: ReactionRecord = { user_id: user.user_id, ...emoji };
  if (!store.state.index.flags.get(user.user_id)?.has(message.id))
    addUserRow(store.state.index, user.user_id, message.id, FLAG_BITS.read | FLAG_BITS.historical);
  mutableMessage(store.state, message.id).reactions.push(reaction);
  emitReaction(store, 'add', message, user, reaction);
}

/** Removes a reaction and emits reaction/remove. */
export function removeReaction(
  store: Store,
  user: UserRecord,
  message: MessageRecord,
  reaction: ReactionRecord,
): void {
  const own = mutableMessage(store.state, message.id);
  own.reactions = own.reactions.filter((r) => r !== reaction);
  emitReaction(store, 'remove', message, user, reaction);
}
