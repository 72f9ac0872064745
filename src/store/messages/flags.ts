/** Per-user message flags: bit ↔ name, the flags a viewer sees, and which flags clients may edit. */
import { FLAG_BITS, type FlagName, type MessageRecord, type RealmState } from '../state.js';
import { has } from '../../versions/index.js';

/** Flags clients may change through POST /messages/flags. */
export const EDITABLE_FLAGS: readonly FlagName[] = ['read', 'starred', 'collapsed'];

/** Flags that exist but only the server sets. */
export const NON_EDITABLE_FLAGS: readonly string[] = [
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'wildcard_mentioned',
  'has_alert_word',
  'historical',
];

/** Flags of split_wildcard_flags (older servers only report the legacy wildcard flag). */
const SPLIT_WILDCARD_FLAGS = new Set<FlagName>(['stream_wildcard_mentioned', 'topic_wildcard_mentioned']);

const ORDER = Object.entries(FLAG_BITS) as Array<[FlagName, number]>;

const NO_FLAGS = Object.freeze([]) as unknown as string[];
/** Lists made so far, by `bits * 2 + (1 when the level splits wildcard flags)`. */
const namesByMask = new Map<number, string[]>();

/**
 * Flag names of a bitmask, in the API's order. The list is made once per mask and shared, frozen: a send gives
 * each recipient's queued event the list of its flags, and queues keep them until acknowledged.
 */
export function flagNames(bits: number, featureLevel: number): string[] {
  // No flag (an unread message without mentions) is the common case of a send's recipients.
  if (bits === 0) return NO_FLAGS;
  const split = has('split_wildcard_flags', featureLevel);
  const key = bits * 2 + (split ? 1 : 0);
  let out = namesByMask.get(key);
  if (out) return out;
  out = [];
  for (const [name, bit] of ORDER)
    if (bits & bit && (split || !SPLIT_WILDCARD_FLAGS.has(name))) out.push(name);
  namesByMask.set(key, Object.freeze(out) as string[]);
  return out;
}

/** Bits of a user's personal row, or undefined when the message is not in their history. */
export function rowBits(state: RealmState, userId: number, messageId: number): number | undefined {
  return state.index.flags.get(userId)?.get(messageId);
}

/** Bits a viewer sees: their row, or read+historical for messages they read without a row. */
export function viewerBits(state: RealmState, userId: number, messageId: number): number {
  return rowBits(state, userId, messageId) ?? FLAG_BITS.read | FLAG_BITS.historical;
}

/** Whether the message is unread for the user (no row counts as read). */
export function isUnread(state: RealmState, userId: number, message: MessageRecord): boolean {
  const bits = rowBits(state, userId, message.id);
  return bits !== undefined && (bits & FLAG_BITS.read) === 0;
}
