/** What the renderer needs from the realm, as lookups, so that this layer stays free of the store. */

/** A mentionable (active) user. */
export interface MentionUser {
  user_id: number;
  full_name: string;
}

/** A mentionable (not deactivated) user group. */
export interface MentionGroup {
  id: number;
  name: string;
}

/** A channel that channel links may point at. */
export interface LinkChannel {
  stream_id: number;
  name: string;
}

/** A realm custom emoji. */
export interface CustomEmoji {
  id: number;
  name: string;
  source_url: string;
}

/** A linkifier: JavaScript regex with named groups and an RFC 6570 URL template. */
export interface LinkifierRule {
  pattern: string;
  url_template: string;
}

/** Realm data the renderer resolves mentions, links and emoji against; absent lookups resolve nothing. */
export interface RenderContext {
  /** The realm's URL without a trailing slash, e.g. `http://localhost:9991`. */
  realmUrl: string;
  /** An active user by full name (case-insensitive). */
  userByName?(name: string): MentionUser | undefined;
  /** An active user by id. */
  userById?(id: number): MentionUser | undefined;
  /** A mentionable group by name (case-insensitive). */
  groupByName?(name: string): MentionGroup | undefined;
  /** Every user id in the group, through subgroups recursively. */
  groupMemberIds?(groupId: number): Iterable<number>;
  /** A channel by name (case-insensitive). */
  channelByName?(name: string): LinkChannel | undefined;
  /** An active realm emoji by name. */
  realmEmoji?(name: string): CustomEmoji | undefined;
  /** The realm's linkifiers in the order they apply. */
  linkifiers?: readonly LinkifierRule[];
}

/** What rendering learned about the content besides its HTML. */
export interface RenderResult {
  html: string;
  /** Users mentioned non-silently, directly or through a mentioned group. */
  mentionedUserIds: Set<number>;
  /** Groups mentioned non-silently. */
  mentionedGroupIds: Set<number>;
  /** The broadest non-silent wildcard mention: channel-wide (all/everyone/channel/stream) or topic. */
  wildcard: 'channel' | 'topic' | null;
  hasLink: boolean;
  hasImage: boolean;
  hasAttachment: boolean;
}

/** Per-render state shared by the rules through markdown-it's env. */
export interface RenderEnv {
  context: RenderContext;
  result: RenderResult;
}

/** The render env of a markdown-it state (set by renderMarkdown). */
export function envOf(env: unknown): RenderEnv {
  return env as RenderEnv;
}

/** A result with nothing found yet. */
export function emptyRenderResult(): RenderResult {
  return {
    html: '',
    mentionedUserIds: new Set(),
    mentionedGroupIds: new Set(),
    wildcard: null,
    hasLink: false,
    hasImage: false,
    hasAttachment: false,
  };
}
