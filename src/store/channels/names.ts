/** Channel name rules: trimmed, non-empty, at most 60 characters, no control or non-characters. */
import type { ChannelRecord, RealmState } from '../state.js';

/** The published max_stream_name_length. */
export const MAX_CHANNEL_NAME_LENGTH = 60;
/** The published max_stream_description_length. */
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;

/** Why a channel name is refused. `position` is 1-based, counted in code points. */
export type ChannelNameProblem =
  { kind: 'empty' } | { kind: 'too_long' } | { kind: 'invalid_character'; position: number };

/** Control characters and Unicode non-characters are refused (as the real server does). */
const INVALID = /[\p{Cc}\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/** Checks an already-trimmed name; undefined when it is acceptable. */
export function channelNameProblem(name: string): ChannelNameProblem | undefined {
  if (name === '') return { kind: 'empty' };
  const chars = [...name];
  if (chars.length > MAX_CHANNEL_NAME_LENGTH) return { kind: 'too_long' };
  const at = chars.findIndex((c) => INVALID.test(c));
  if (at >= 0) return { kind: 'invalid_character', position: at + 1 };
  return undefined;
}

/** The channel with this name, compared case-insensitively. */
export function channelByName(state: RealmState, name: string): ChannelRecord | undefined {
  return state.channelsByName.get(name.trim().toLowerCase());
}
