/** Register narrows: which message events a narrowed queue receives (reference A.5, D.2). */
import { apiEmail } from '../users.js';
import type { MessageRecord, RealmState, UserRecord } from '../state.js';
import type { QueueNarrowTerm } from './options.js';
import { has } from '../../versions/index.js';

/** Operators a register narrow may use at every level. */
const SUPPORTED = new Set(['stream', 'channel', 'topic', 'sender', 'is']);

/** Whether a register narrow at `level` may use the term (mentions from 446, channels:archived from 489). */
function supportedTerm([operator, operand]: QueueNarrowTerm, level: number): boolean {
  if (SUPPORTED.has(operator)) return true;
  if (operator === 'mentions') return has('mentions_narrow', level);
  // "streams" is the legacy alias of "channels"; only the archived operand has an event predicate.
  if (operator === 'channels' || operator === 'streams')
    return operand === 'archived' && has('channels_archived_narrow', level);
  return false;
}

/** The first operator a register narrow at `level` may not use, or undefined when all are allowed. */
export function unsupportedNarrowOperator(
  narrow: readonly QueueNarrowTerm[],
  level: number,
): string | undefined {
  return narrow.find((term) => !supportedTerm(term, level))?.[0];
}

/** The user a mentions operand names: a user id, or an e-mail address (API or real, any letter case). */
function mentionedUser(state: RealmState, operand: string): UserRecord | undefined {
  if (/^\d+$/.test(operand)) return state.users.get(Number(operand));
  const wanted = operand.toLowerCase();
  const byDelivery = state.usersByEmail.get(wanted);
  if (byDelivery) return byDelivery;
  for (const user of state.users.values()) if (apiEmail(state, user).toLowerCase() === wanted) return user;
  return undefined;
}

/** The prefix that marks a resolved topic. */
const RESOLVED_PREFIX = '✔ ';

function satisfies(
  state: RealmState,
  [operator, operand]: QueueNarrowTerm,
  message: MessageRecord,
  flags: readonly string[],
): boolean {
  const wanted = operand.toLowerCase();
  switch (operator) {
    case 'stream':
    case 'channel': {
      if (message.stream_id === null) return false;
      return state.channels.get(message.stream_id)?.name.toLowerCase() === wanted;
    }
    case 'topic':
      return message.stream_id !== null && message.topic.toLowerCase() === wanted;
    case 'sender': {
      const sender = state.users.get(message.sender_id);
      if (!sender) return false;
      return (
        apiEmail(state, sender).toLowerCase() === wanted || sender.delivery_email.toLowerCase() === wanted
      );
    }
    case 'mentions': {
      // A direct, visible mention, as GET /messages has it: the user's own span, not silent, not a group's.
      const user = mentionedUser(state, operand);
      if (!user || !message.mentioned_user_ids.has(user.user_id)) return false;
      return message.rendered_content.includes(`<span class="user-mention" data-user-id="${user.user_id}">`);
    }
    case 'channels':
    case 'streams':
      return message.stream_id !== null && state.channels.get(message.stream_id)?.is_archived === true;
    case 'is':
      switch (wanted) {
        case 'dm':
        case 'private':
          return message.type === 'private';
        case 'starred':
          return flags.includes('starred');
        case 'unread':
          return !flags.includes('read');
        case 'mentioned':
        case 'alerted':
          return flags.includes('mentioned') || flags.includes('has_alert_word');
        case 'resolved':
          return message.stream_id !== null && message.topic.startsWith(RESOLVED_PREFIX);
        default:
          // The server ignores `is` operands it has no event predicate for.
          return true;
      }
    default:
      return true;
  }
}

/** Whether a message (with the receiver's flags) matches every term of a register narrow. */
export function matchesQueueNarrow(
  state: RealmState,
  narrow: readonly QueueNarrowTerm[],
  message: MessageRecord,
  flags: readonly string[],
): boolean {
  for (const term of narrow) if (!satisfies(state, term, message, flags)) return false;
  return true;
}
