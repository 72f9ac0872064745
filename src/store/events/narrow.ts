/** Register narrows: which message events a narrowed queue receives (reference A.5, D.2). */
import { apiEmail } from '../users.js';
import type { MessageRecord, RealmState } from '../state.js';
import type { QueueNarrowTerm } from './options.js';

/** Operators a register narrow may use. */
const SUPPORTED = new Set(['stream', 'channel', 'topic', 'sender', 'is']);

/** The first operator a register narrow may not use, or undefined when all are allowed. */
export function unsupportedNarrowOperator(narrow: readonly QueueNarrowTerm[]): string | undefined {
  return narrow.find(([operator]) => !SUPPORTED.has(operator))?.[0];
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
