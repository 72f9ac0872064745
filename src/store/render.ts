/** Renders Markdown against the realm: the store's bridge to src/markdown (mentions, links, emoji, linkifiers). */
import type {
  CustomEmoji,
  LinkChannel,
  MentionGroup,
  MentionUser,
  RenderContext,
} from '../markdown/context.js';
import { renderFully, renderMarkedLine, renderSimple, type RenderResult } from '../markdown/render.js';
import { topicLinks as findTopicLinks, type TopicLink } from '../markdown/topic-links.js';
import { hasContentAccess } from './access.js';
import { groupMemberIds } from './groups.js';
import type { RealmState, UserRecord } from './state.js';

interface Cached {
  /** What the context was made from (see {@link sameShape}). */
  users: number;
  groups: number;
  channels: number;
  realmEmoji: number;
  url: string;
  linkifiers: RealmState['linkifiers'];
  context: RenderContext;
}

const cache = new WeakMap<RealmState, Cached>();

/** Forgets the cached name lookups of a realm; call after renaming or reactivating users, groups or realm emoji. */
export function invalidateRenderCache(state: RealmState): void {
  cache.delete(state);
}

// Additions and removals change a size or the linkifier list; deactivations and renames away are re-checked per
// lookup; only a rename to a new name or a reactivation needs invalidateRenderCache.
function sameShape(state: RealmState, cached: Cached): boolean {
  return (
    cached.users === state.users.size &&
    cached.groups === state.groups.size &&
    cached.channels === state.channels.size &&
    cached.realmEmoji === state.realmEmoji.size &&
    cached.url === state.realm.url &&
    cached.linkifiers === state.linkifiers
  );
}

/** The cache entry of a context made now. */
function cachedFor(state: RealmState, context: RenderContext): Cached {
  const { users, groups, channels, realmEmoji, realm, linkifiers } = state;
  return {
    users: users.size,
    groups: groups.size,
    channels: channels.size,
    realmEmoji: realmEmoji.size,
    url: realm.url,
    linkifiers,
    context,
  };
}

/** Builds a map on first use, then keeps it. */
function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

function isLiveUser(state: RealmState, userId: number, name: string): boolean {
  const user = state.users.get(userId);
  return user !== undefined && user.is_active && user.full_name.toLowerCase() === name.toLowerCase();
}

function buildContext(state: RealmState): RenderContext {
  const usersByName = lazy(() => {
    const map = new Map<string, MentionUser>();
    const byId = [...state.users.values()].filter((u) => u.is_active).sort((a, b) => a.user_id - b.user_id);
    for (const u of byId) if (!map.has(u.full_name.toLowerCase())) map.set(u.full_name.toLowerCase(), u);
    return map;
  });
  const groupsByName = lazy(() => {
    const map = new Map<string, MentionGroup>();
    for (const g of state.groups.values()) if (!g.deactivated) map.set(g.name.toLowerCase(), g);
    return map;
  });
  const emojiByName = lazy(() => {
    const map = new Map<string, CustomEmoji>();
    for (const e of state.realmEmoji.values()) if (!e.deactivated) map.set(e.name, e);
    return map;
  });
  return {
    realmUrl: state.realm.url.replace(/\/$/, ''),
    // Cached entries are re-checked against the live record, so deactivations and renames away never go stale.
    userByName: (name) => {
      const user = usersByName().get(name.toLowerCase());
      return user && isLiveUser(state, user.user_id, name) ? user : undefined;
    },
    userById: (id) => {
      const user = state.users.get(id);
      return user?.is_active ? user : undefined;
    },
    groupByName: (name) => {
      const group = groupsByName().get(name.toLowerCase());
      const live = group && state.groups.get(group.id);
      return live && !live.deactivated && live.name.toLowerCase() === name.toLowerCase() ? live : undefined;
    },
    groupMemberIds: (id) => [...groupMemberIds(state, id)].filter((u) => state.users.get(u)?.is_active),
    channelByName: (name): LinkChannel | undefined => state.channelsByName.get(name.toLowerCase()),
    realmEmoji: (name) => {
      const emoji = emojiByName().get(name);
      const live = emoji && state.realmEmoji.get(emoji.id);
      return live && !live.deactivated && live.name === name ? live : undefined;
    },
    linkifiers: state.linkifiers,
  };
}

/** The render context of a realm, cached until its users, groups, channels, emoji or linkifiers change. */
export function renderContext(state: RealmState): RenderContext {
  const hit = cache.get(state);
  if (hit && sameShape(state, hit)) return hit.context;
  const context = buildContext(state);
  cache.set(state, cachedFor(state, context));
  return context;
}

/** The realm's context narrowed to what `sender` may link: channels they have content access to. */
function senderContext(state: RealmState, context: RenderContext, sender: UserRecord): RenderContext {
  // Object.assign rather than a spread with an added key, which V8 runs on a slow path (~0.6 µs per render).
  const narrowed: RenderContext = Object.assign({}, context);
  narrowed.channelByName = (name) => {
    const channel = state.channelsByName.get(name.toLowerCase());
    return channel && hasContentAccess(state, sender, channel) ? channel : undefined;
  };
  return narrowed;
}

/**
 * Renders message or description content for this realm. With a sender, channel links name only channels the
 * sender has content access to (others stay text, like names that do not exist, so private names cannot be
 * probed); the system bots' notices link every channel.
 */
export function renderContent(state: RealmState, content: string, sender?: UserRecord): RenderResult {
  // Plain lines need only the linkifiers: no context to build or narrow.
  const simple = renderSimple(content, state.linkifiers);
  if (simple) return simple;
  const context = renderContext(state);
  // A line of mentions and a closing emoji links no channel: the realm's context serves it.
  return (
    renderMarkedLine(content, context) ??
    renderFully(content, sender && !sender.is_system_bot ? senderContext(state, context, sender) : context)
  );
}

/** The `topic_links` of a message in this topic. */
export function topicLinks(state: RealmState, topic: string): TopicLink[] {
  // Topics repeat across messages and requests; linkifier changes replace the array, resetting the memo.
  let byTopic = topicLinkMemo.get(state.linkifiers);
  if (!byTopic) topicLinkMemo.set(state.linkifiers, (byTopic = new Map()));
  let links = byTopic.get(topic);
  if (!links) {
    if (byTopic.size >= TOPIC_MEMO_LIMIT) byTopic.clear();
    byTopic.set(topic, (links = findTopicLinks(topic, renderContext(state))));
  }
  return links.map((link) => ({ ...link }));
}

const TOPIC_MEMO_LIMIT = 10000;
const topicLinkMemo = new WeakMap<readonly unknown[], Map<string, TopicLink[]>>();
