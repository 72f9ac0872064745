/** Snapshot sections of the caller's own data: history facts, drafts, snippets, schedules, topics, views. */
import { formatDraft, userDrafts } from '../../store/drafts/drafts.js';
import { conversationKey } from '../../store/message-index.js';
import { formatSnippet, userSnippets } from '../../store/saved-snippets/saved-snippets.js';
import { formatNavigationView, userNavigationViews } from '../../store/navigation-views/navigation-views.js';
import { formatScheduledMessage } from '../../store/scheduled-messages/format.js';
import { userScheduledMessages } from '../../store/scheduled-messages/scheduled-messages.js';
import { displayTopic } from '../../store/topics.js';
import { FLAG_BITS, type RealmState } from '../../store/state.js';
import { can, type SnapshotSection } from './context.js';
import { unreadMessages } from './unread.js';

/** The register snapshot keeps only the newest drafts. */
export const MAX_SNAPSHOT_DRAFTS = 1000;

/** Direct conversations with their newest message id, newest first (user_ids without the caller). */
export function recentConversations(
  state: RealmState,
  userId: number,
): Array<{ max_message_id: number; user_ids: number[] }> {
  const byKey = new Map<string, { max_message_id: number; user_ids: number[] }>();
  const history = state.index.byUser.get(userId) ?? [];
  for (let i = history.length - 1; i >= 0; i--) {
    const message = state.messages.get(history[i]!);
    if (!message || message.type !== 'private') continue;
    const key = conversationKey(message.recipients);
    if (byKey.has(key)) continue;
    byKey.set(key, {
      max_message_id: message.id,
      user_ids: message.recipients.filter((id) => id !== userId),
    });
  }
  return [...byKey.values()];
}

/** Ids of the user's starred messages, ascending. */
export function starredMessageIds(state: RealmState, userId: number): number[] {
  const flags = state.index.flags.get(userId);
  const out: number[] = [];
  for (const id of state.index.byUser.get(userId) ?? [])
    if ((flags?.get(id) ?? 0) & FLAG_BITS.starred) out.push(id);
  return out;
}

/** The user's topic visibility policies. */
function userTopics(state: RealmState, userId: number, allowEmpty: boolean) {
  const out = [];
  for (const t of state.userTopics.values()) {
    if (t.user_id !== userId) continue;
    out.push({
      stream_id: t.stream_id,
      topic_name: displayTopic(state, t.topic_name, allowEmpty),
      last_updated: t.last_updated,
      visibility_policy: t.visibility_policy,
    });
  }
  return out;
}

/** Sections built from the caller's personal data (empty for spectators). */
export const personalSections: SnapshotSection[] = [
  {
    types: ['message'],
    build: ({ store, user }) => {
      const history = user ? store.state.index.byUser.get(user.user_id) : undefined;
      return { max_message_id: history?.[history.length - 1] ?? -1 };
    },
  },
  {
    types: ['message', 'update_message_flags'],
    requireAll: true,
    build: (ctx) => ({
      unread_msgs: ctx.user
        ? unreadMessages(ctx.store.state, ctx.user.user_id, {
            allowEmptyTopicName: can(ctx, 'empty_topic_name'),
          })
        : { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false },
    }),
  },
  {
    types: ['starred_messages'],
    build: ({ store, user }) => ({
      starred_messages: user ? starredMessageIds(store.state, user.user_id) : [],
    }),
  },
  {
    types: ['recent_private_conversations'],
    build: ({ store, user }) => ({
      recent_private_conversations: user ? recentConversations(store.state, user.user_id) : [],
    }),
  },
  {
    types: ['drafts'],
    build: ({ store, user }) => {
      if (!user || !user.settings.enable_drafts_synchronization) return { drafts: [] };
      const newest = userDrafts(store.state, user.user_id).reverse().slice(0, MAX_SNAPSHOT_DRAFTS);
      return { drafts: newest.map(formatDraft) };
    },
  },
  {
    types: ['scheduled_messages'],
    build: ({ store, user }) => ({
      scheduled_messages: user
        ? userScheduledMessages(store.state, user.user_id).map((s) => formatScheduledMessage(store.state, s))
        : [],
    }),
  },
  {
    types: ['saved_snippets'],
    build: ({ store, user }) => ({
      saved_snippets: user ? userSnippets(store.state, user.user_id).map(formatSnippet) : [],
    }),
  },
  {
    types: ['navigation_views'],
    build: ({ store, user }) => ({
      navigation_views: user ? userNavigationViews(store.state, user.user_id).map(formatNavigationView) : [],
    }),
  },
  {
    types: ['user_topic'],
    build: (ctx) => ({
      user_topics: ctx.user
        ? userTopics(ctx.store.state, ctx.user.user_id, can(ctx, 'empty_topic_name'))
        : [],
    }),
  },
  {
    types: ['muted_topics'],
    unless: ['user_topic'],
    build: ({ store, user }) => ({
      muted_topics: user
        ? userTopics(store.state, user.user_id, true)
            .filter((t) => t.visibility_policy === 1)
            .map((t) => [store.state.channels.get(t.stream_id)?.name ?? '', t.topic_name, t.last_updated])
        : [],
    }),
  },
];
