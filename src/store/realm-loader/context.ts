/** What every step of loading a fixture shares: the fixture, the state being built, and the problem list. */
import { completeLinkifier } from '../linkifiers/linkifiers.js';
import type { FixtureMessage, GroupSettingValue } from '../../generated/types.js';
import type { CompleteRealmFixture } from '../realm-fixture.js';
import { createIndexes } from '../message-index.js';
import type { RealmSettings, UserSettings } from '../../generated/types.js';
import type { RealmState } from '../state.js';
import type { LoadRenders } from '../render-cache.js';
import type { UserRows } from '../user-rows.js';

/**
 * The fixture's messages read one at a time, in ascending id order (e.g. from a realm's prepared form), instead
 * of the fixture's list: no million message objects live at once. `read` may give the same object each time.
 */
export interface MessageSource {
  count: number;
  read(position: number): FixtureMessage;
}

/** The load in progress. Steps push a problem (`/json/pointer: what is wrong`) instead of throwing. */
export interface LoadContext {
  data: CompleteRealmFixture;
  state: RealmState;
  problems: string[];
  /** Whether the user exists; records a problem at `where` when not. */
  userExists(id: number, where: string): boolean;
  /** A group-setting value from the fixture (or `fallback`), with its group and user ids checked. */
  groupValue(value: unknown, fallback: GroupSettingValue, where: string): GroupSettingValue;
  /** Renders to take instead of rendering (see render-cache.ts); without it the loader renders. */
  renders?: LoadRenders;
  /**
   * The personal rows an earlier load of this very fixture built (see PrepareOptions.rows): taken as they are
   * instead of built from the messages and subscriptions.
   */
  rows?: Map<number, UserRows>;
  /** The messages to load instead of the fixture's (see MessageSource). */
  messageSource?: MessageSource;
}

/** An empty state for the fixture, with settings already completed from their schema defaults. */
export function createLoadContext(
  data: CompleteRealmFixture,
  settings: Required<RealmSettings>,
  userSettingsDefaults: Required<UserSettings>,
): LoadContext {
  const { settings: _settings, user_settings_defaults: _defaults, ...realm } = data.realm;
  const state: RealmState = {
    realm,
    settings,
    userSettingsDefaults,
    users: new Map(),
    usersByApiKey: new Map(),
    usersByEmail: new Map(),
    channels: new Map(),
    channelsByName: new Map(),
    subscriptions: new Map(),
    subscribers: new Map(),
    groups: new Map(),
    systemGroupIds: new Map(),
    messages: new Map(),
    index: createIndexes(),
    realmEmoji: new Map(
      (data.realm_emoji ?? []).map((e) => [
        e.id,
        {
          ...e,
          still_url: e.still_url ?? null,
          deactivated: !!e.deactivated,
          author_id: e.author_id ?? null,
        },
      ]),
    ),
    linkifiers: (data.linkifiers ?? []).map(completeLinkifier),
    playgrounds: new Map((data.playgrounds ?? []).map((p) => [p.id, p])),
    channelFolders: new Map((data.channel_folders ?? []).map((f) => [f.id, f])),
    drafts: new Map(),
    savedSnippets: new Map(),
    scheduledMessages: new Map(),
    byOwner: { drafts: new Map(), savedSnippets: new Map(), scheduledMessages: new Map() },
    invitations: new Map(),
    userTopics: new Map(),
    pushTokens: [],
    clientDevices: new Map(),
    navigationViews: new Map(),
    alertWords: new Map(),
    mutedUsers: new Map(),
    userStatuses: new Map(),
    uploads: new Map(),
    profileFields: new Map(),
    profileData: new Map(),
  };
  const problems: string[] = [];
  const userExists = (id: number, where: string): boolean => {
    if (state.users.has(id)) return true;
    problems.push(`${where}: no user with id ${id}`);
    return false;
  };
  return {
    data,
    state,
    problems,
    userExists,
    groupValue(value, fallback, where) {
      if (value === undefined) return fallback;
      const v = value as GroupSettingValue;
      const ids = typeof v === 'number' ? [v] : v.direct_subgroups;
      for (const id of ids) if (!state.groups.has(id)) problems.push(`${where}: no user group with id ${id}`);
      if (typeof v !== 'number') for (const id of v.direct_members) userExists(id, where);
      return v;
    },
  };
}
