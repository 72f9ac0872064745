/** One predicate per narrow operator (reference D.2), negation included. */
import { findUserByVisibleEmail } from '../users.js';
import { conversationKey } from '../message-index.js';
import { normalizeTopic } from '../topics.js';
import { FLAG_BITS, type MessageRecord, type RealmState, type UserRecord } from '../state.js';
import { rowBits } from '../messages/flags.js';
import { isTopicMuted, visibilityPolicy, VISIBILITY } from '../messages/user-topics.js';
import { NarrowError, type NarrowTerm } from './parse.js';
import { channelByOperand, dmParticipants } from './operands.js';
import { matchesSearch, parseSearch } from './search.js';
import { has } from '../../versions/index.js';

type Predicate = (m: MessageRecord) => boolean;

const MENTION_BITS =
  FLAG_BITS.mentioned |
  FLAG_BITS.wildcard_mentioned |
  FLAG_BITS.stream_wildcard_mentioned |
  FLAG_BITS.topic_wildcard_mentioned;

/** The "✔ " prefix that marks a resolved topic. */
export const RESOLVED_PREFIX = '✔ ';

/** The user a narrow operand names; an address the viewer may not see is as unknown as one nobody has. */
function userOperand(state: RealmState, viewer: UserRecord, operand: NarrowTerm['operand']): UserRecord {
  const user =
    typeof operand === 'number'
      ? state.users.get(operand)
      : findUserByVisibleEmail(state, operand as string, viewer);
  if (!user) throw new NarrowError('operator', `unknown user ${String(operand)}`);
  return user;
}

function isPredicate(state: RealmState, viewer: UserRecord, operand: string, fl: number): Predicate {
  const bits = (m: MessageRecord): number => rowBits(state, viewer.user_id, m.id) ?? 0;
  const muted = (m: MessageRecord): boolean =>
    m.stream_id !== null && isTopicMuted(state, viewer.user_id, m.stream_id, m.topic);
  switch (operand) {
    case 'dm':
      if (!has('dm_narrow', fl)) break;
      return (m) => m.type === 'private';
    case 'private':
      return (m) => m.type === 'private';
    case 'starred':
      return (m) => (bits(m) & FLAG_BITS.starred) !== 0;
    case 'mentioned':
      return (m) => (bits(m) & MENTION_BITS) !== 0;
    case 'alerted':
      return (m) => (bits(m) & FLAG_BITS.has_alert_word) !== 0;
    case 'unread': {
      const row = (m: MessageRecord): number | undefined => rowBits(state, viewer.user_id, m.id);
      return (m) => {
        const b = row(m);
        return b !== undefined && (b & FLAG_BITS.read) === 0;
      };
    }
    case 'resolved':
      return (m) => m.stream_id !== null && m.topic.startsWith(RESOLVED_PREFIX);
    case 'followed':
      if (has('followed_narrow', fl))
        return (m) =>
          m.stream_id !== null &&
          visibilityPolicy(state, viewer.user_id, m.stream_id, m.topic) === VISIBILITY.followed;
      break;
    case 'muted':
      if (has('muted_narrow', fl)) return muted;
      break;
  }
  throw new NarrowError('operator', `unknown 'is' operand ${operand}`);
}

function hasPredicate(operand: string, fl: number): Predicate {
  switch (operand) {
    case 'link':
      return (m) => m.has_link;
    case 'attachment':
      return (m) => m.has_attachment;
    case 'image':
      return (m) => m.has_image;
    case 'reaction':
      if (has('has_reaction_narrow', fl)) return (m) => m.reactions.length > 0;
  }
  throw new NarrowError('operator', `unknown 'has' operand ${operand}`);
}

function positivePredicate(state: RealmState, viewer: UserRecord, term: NarrowTerm, fl: number): Predicate {
  const { operand } = term;
  const channelWord = has('channel_wording', fl) ? 'channel' : 'stream';
  switch (term.operator) {
    case 'channel': {
      const channel = channelByOperand(state, operand as string | number);
      if (!channel) throw new NarrowError('operator', `unknown ${channelWord} ${String(operand)}`);
      return (m) => m.stream_id === channel.stream_id;
    }
    case 'channels':
      if (operand === 'public')
        return (m) => m.stream_id !== null && !state.channels.get(m.stream_id)?.invite_only;
      if (operand === 'web-public')
        return (m) => m.stream_id !== null && state.channels.get(m.stream_id)?.is_web_public === true;
      if (operand === 'archived' && has('channels_archived_narrow', fl))
        return (m) => m.stream_id !== null && state.channels.get(m.stream_id)?.is_archived === true;
      throw new NarrowError('operator', `unknown ${channelWord}s operand ${String(operand)}`);
    case 'topic': {
      const topic = normalizeTopic(state, operand as string, fl).toLowerCase();
      return (m) => m.stream_id !== null && m.topic.toLowerCase() === topic;
    }
    case 'sender': {
      const user = userOperand(state, viewer, operand);
      return (m) => m.sender_id === user.user_id;
    }
    case 'mentions': {
      // A direct, visible mention: the user's own span, not a silent one and not through a group.
      const user = userOperand(state, viewer, operand);
      const span = `<span class="user-mention" data-user-id="${user.user_id}">`;
      return (m) => m.mentioned_user_ids.has(user.user_id) && m.rendered_content.includes(span);
    }
    case 'dm': {
      const key = conversationKey(dmParticipants(state, viewer, operand));
      return (m) => m.type === 'private' && m.recipients.join(',') === key;
    }
    case 'dm-including': {
      const user = userOperand(state, viewer, operand);
      return (m) => m.type === 'private' && m.recipients.includes(user.user_id);
    }
    case 'group-pm-with': {
      const user = userOperand(state, viewer, operand);
      return (m) => m.type === 'private' && m.recipients.length > 2 && m.recipients.includes(user.user_id);
    }
    case 'is':
      return isPredicate(state, viewer, operand as string, fl);
    case 'has':
      return hasPredicate(operand as string, fl);
    case 'in':
      if (operand === 'all') return () => true;
      if (operand === 'home')
        return (m) => m.stream_id === null || !isTopicMuted(state, viewer.user_id, m.stream_id, m.topic);
      throw new NarrowError('operator', `unknown 'in' operand ${String(operand)}`);
    case 'near':
      return () => true;
    case 'with':
      // Replaced by the conversation's terms in compileNarrow.
      if (has('with_narrow', fl)) return () => true;
      break;
    case 'id': {
      const id =
        typeof operand === 'number' ? operand : /^\d+$/.test(operand as string) ? Number(operand) : NaN;
      if (!Number.isInteger(id)) throw new NarrowError('operator', 'Invalid message ID');
      return (m) => m.id === id;
    }
    case 'search': {
      const query = parseSearch(operand as string);
      return (m) => matchesSearch(query, m.content, m.topic);
    }
  }
  throw new NarrowError('operator', `unknown operator ${term.operator}`);
}

/** The predicate of one term (wrapped in NOT when negated). Throws {@link NarrowError} on bad operands. */
export function termPredicate(
  state: RealmState,
  viewer: UserRecord,
  term: NarrowTerm,
  fl: number,
): Predicate {
  const positive = positivePredicate(state, viewer, term, fl);
  return term.negated ? (m) => !positive(m) : positive;
}
