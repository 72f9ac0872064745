/** Resolves parsed narrow terms against the realm and a viewer: candidate index lists plus a predicate. */
import { canReadChannelHistory, canReadMessage, hasMessageRow } from '../access.js';
import { conversationKey, topicKey } from '../message-index.js';
import { normalizeTopic } from '../topics.js';
import { type ChannelRecord, type MessageRecord, type RealmState, type UserRecord } from '../state.js';
import { NarrowError, type NarrowTerm } from './parse.js';
import { parseSearch, type SearchQuery } from './search.js';
import { termPredicate } from './predicates.js';
import { channelByOperand, dmParticipants } from './operands.js';

/** A narrow ready to run: ascending id lists to walk, and the test each candidate must pass. */
export interface CompiledNarrow {
  /** Candidate ids: one list, or several to merge (channels:public). */
  lists: ReadonlyArray<readonly number[]>;
  /** In the narrow and visible to the viewer. */
  matches(message: MessageRecord): boolean;
  /** In the narrow (the terms only; visibility is the caller's concern). */
  filter(message: MessageRecord): boolean;
  /** The search query when the narrow has `search` terms. */
  search?: SearchQuery;
}

/** What resolution needs to know beyond the terms. */
export interface ResolveOptions {
  featureLevel: number;
  /** False restricts the narrow to the viewer's own history (POST /messages/flags/narrow). */
  allowHistory: boolean;
}

const CHANNEL_TERMS = new Set(['channel', 'channels', 'topic']);
const DM_TERMS = new Set(['dm', 'dm-including', 'group-pm-with']);

/** Replaces a `with` term by the conversation that holds its message (unknown or unreadable: matches nothing). */
function expandWith(state: RealmState, viewer: UserRecord, terms: NarrowTerm[]): NarrowTerm[] | null {
  const withTerm = terms.find((t) => t.operator === 'with');
  if (!withTerm) return terms;
  const id = Number(withTerm.operand);
  const message = Number.isInteger(id) ? state.messages.get(id) : undefined;
  if (!message || !canReadMessage(state, viewer, message)) return null;
  const rest = terms.filter(
    (t) => t.operator !== 'with' && !CHANNEL_TERMS.has(t.operator) && t.operator !== 'dm',
  );
  if (message.stream_id !== null) {
    rest.unshift(
      { operator: 'channel', operand: message.stream_id, negated: false },
      { operator: 'topic', operand: message.topic, negated: false },
    );
  } else {
    rest.unshift({ operator: 'dm', operand: message.recipients, negated: false });
  }
  return rest;
}

function checkCombination(terms: NarrowTerm[]): void {
  const positive = terms.filter((t) => !t.negated);
  const channelish = positive.some((t) => CHANNEL_TERMS.has(t.operator));
  const dmish = positive.some(
    (t) =>
      DM_TERMS.has(t.operator) || (t.operator === 'is' && (t.operand === 'dm' || t.operand === 'private')),
  );
  if (channelish && dmish)
    throw new NarrowError('operator', 'No message can be both a channel message and direct message');
}

/** Resolves a narrow for a viewer. Throws {@link NarrowError} for unknown operators and operands. */
export function compileNarrow(
  state: RealmState,
  viewer: UserRecord,
  parsed: NarrowTerm[],
  options: ResolveOptions,
): CompiledNarrow {
  checkCombination(parsed);
  const expanded = expandWith(state, viewer, parsed);
  const predicates = (expanded ?? parsed).map((term) =>
    termPredicate(state, viewer, term, options.featureLevel),
  );
  if (expanded === null) return { lists: [], matches: () => false, filter: () => false };
  const terms = expanded;

  // Whose history beyond the viewer's own rows this narrow reaches (reference D, last rule).
  const historyChannels = new Set<number>();
  const allowHistory = options.allowHistory && !terms.some((t) => t.operator === 'is');
  let wantsPublic = false;
  let channel: ChannelRecord | undefined;
  let topic: string | undefined;
  let dm: number[] | undefined;
  let idOperand: number | undefined;
  for (const term of terms) {
    if (term.negated) continue;
    if (term.operator === 'channel') channel = channelByOperand(state, term.operand as string | number);
    if (term.operator === 'topic')
      topic = normalizeTopic(state, term.operand as string, options.featureLevel);
    if (term.operator === 'dm') dm = dmParticipants(state, viewer, term.operand);
    if (term.operator === 'id') idOperand = Number(term.operand);
    // channels:archived reaches only what the user received (the user's own rows).
    if (term.operator === 'channels' && term.operand !== 'archived') wantsPublic = true;
  }
  if (allowHistory && channel && canReadChannelHistory(state, viewer, channel))
    historyChannels.add(channel.stream_id);
  if (allowHistory && wantsPublic) {
    const webPublicOnly = terms.some((t) => t.operator === 'channels' && t.operand === 'web-public');
    for (const c of state.channels.values()) {
      if (c.invite_only || (webPublicOnly && !c.is_web_public)) continue;
      if (canReadChannelHistory(state, viewer, c)) historyChannels.add(c.stream_id);
    }
  }

  const own = state.index.byUser.get(viewer.user_id) ?? [];
  let lists: ReadonlyArray<readonly number[]>;
  if (idOperand !== undefined) lists = [[idOperand]];
  else if (channel && topic !== undefined)
    lists = [state.index.byTopic.get(topicKey(channel.stream_id, topic)) ?? []];
  else if (channel) lists = [state.index.byChannel.get(channel.stream_id) ?? []];
  else if (dm) lists = [state.index.byConversation.get(conversationKey(dm)) ?? []];
  else if (historyChannels.size)
    lists = [own, ...[...historyChannels].map((id) => state.index.byChannel.get(id) ?? [])];
  else lists = [own];

  const idReadable = allowHistory && idOperand !== undefined;
  // The channel test first: a set lookup, where the personal row is a search in the viewer's rows.
  const visible = (m: MessageRecord): boolean =>
    (m.stream_id !== null && historyChannels.has(m.stream_id)) ||
    hasMessageRow(state, viewer.user_id, m.id) ||
    (idReadable && m.id === idOperand && canReadMessage(state, viewer, m));
  const allHold = (m: MessageRecord): boolean => {
    for (const predicate of predicates) if (!predicate(m)) return false;
    return true;
  };

  const searchText = terms
    .filter((t) => t.operator === 'search' && !t.negated)
    .map((t) => t.operand as string)
    .join(' ');
  const search = searchText ? parseSearch(searchText) : undefined;
  // A narrow to a channel whose history the viewer reads: every message in the channel is visible, so the terms
  // alone decide (one test less per candidate on the most common narrow).
  const channelVisible = channel !== undefined && historyChannels.has(channel.stream_id);
  return {
    lists,
    matches: channelVisible ? allHold : (m) => visible(m) && allHold(m),
    filter: allHold,
    ...(search ? { search } : {}),
  };
}
