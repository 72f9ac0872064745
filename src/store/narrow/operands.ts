/** Narrow operands that name channels and users. */
import { findUserByVisibleEmail } from '../users.js';
import type { ChannelRecord, RealmState, UserRecord } from '../state.js';
import { NarrowError, type NarrowTerm } from './parse.js';

/** Finds a channel by narrow operand (id, or name case-insensitively). */
export function channelByOperand(state: RealmState, operand: string | number): ChannelRecord | undefined {
  if (typeof operand === 'number') return state.channels.get(operand);
  return (
    state.channelsByName.get(operand.toLowerCase()) ??
    (/^\d+$/.test(operand) ? state.channels.get(Number(operand)) : undefined)
  );
}

/** Participants of a `dm` operand's conversation (the viewer included). */
export function dmParticipants(
  state: RealmState,
  viewer: UserRecord,
  operand: NarrowTerm['operand'],
): number[] {
  const items: Array<string | number> = Array.isArray(operand)
    ? operand
    : typeof operand === 'number'
      ? [operand]
      : operand
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  const ids = new Set<number>([viewer.user_id]);
  for (const item of items) {
    const user =
      typeof item === 'number' || /^\d+$/.test(item)
        ? state.users.get(Number(item))
        : findUserByVisibleEmail(state, item, viewer);
    if (!user)
      throw new NarrowError(
        'operator',
        `unknown user in ${Array.isArray(operand) ? JSON.stringify(operand) : String(operand)}`,
      );
    ids.add(user.user_id);
  }
  return [...ids].sort((a, b) => a - b);
}
