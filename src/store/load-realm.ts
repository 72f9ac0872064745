/** Turns a realm fixture into a Store: schema validation, defaults, cross-reference checks, indexes. */
import type { FixtureMessage, GroupSettingValue, RealmFixture, UserSettings } from '../generated/types.js';
import { renderContent } from './render.js';
import { describeErrors, inputValidator } from '../schema/validator.js';
import type { Clock } from './clock.js';
import { SYSTEM_GROUP_NAMES, refreshSystemGroups, systemGroupShape, type SystemGroupName } from './groups.js';
import { addUserRow, createIndexes, indexLocation } from './message-index.js';
import type { Random } from './random.js';
import {
  CHANNEL_GROUP_SETTINGS,
  FLAG_BITS,
  USER_GROUP_SETTINGS,
  type ChannelRecord,
  type MessageRecord,
  type RealmState,
  type SubscriptionRecord,
  type UserGroupRecord,
  type UserRecord,
} from './state.js';
import { Store, type IdKind } from './store.js';

/** A fixture that cannot be loaded; `problems` name each bad field. */
export class RealmLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid realm fixture:\n  ${problems.join('\n  ')}`);
    this.name = 'RealmLoadError';
  }
}

/** Options the store is created with. */
export interface LoadOptions {
  clock: Clock;
  random: Random;
  featureLevel: number;
}

/** The 24-colour palette new subscriptions take colours from, in order. */
export const SUBSCRIPTION_COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
  '#c6a8ad',
  '#e7cc4d',
  '#c8bebf',
  '#a47462',
];

/** Channel group settings' defaults, by system group (the administer default is the creator). */
const CHANNEL_SETTING_DEFAULTS: Record<string, SystemGroupName> = {
  can_add_subscribers_group: 'role:nobody',
  can_remove_subscribers_group: 'role:administrators',
  can_administer_channel_group: 'role:nobody',
  can_delete_any_message_group: 'role:nobody',
  can_delete_own_message_group: 'role:nobody',
  can_move_messages_out_of_channel_group: 'role:nobody',
  can_move_messages_within_channel_group: 'role:nobody',
  can_send_message_group: 'role:everyone',
  can_subscribe_group: 'role:nobody',
  can_resolve_topics_group: 'role:nobody',
};

/** User group settings' defaults (the manage default is the creator). */
const GROUP_SETTING_DEFAULTS: Record<string, SystemGroupName> = {
  can_add_members_group: 'role:nobody',
  can_join_group: 'role:nobody',
  can_leave_group: 'role:everyone',
  can_manage_group: 'role:nobody',
  can_mention_group: 'role:everyone',
  can_remove_members_group: 'role:nobody',
};

/** Fills a settings schema's defaults into a copy of `partial`. */
export function withDefaults<T extends object>(schemaRef: string, partial: object | undefined): Required<T> {
  const copy = structuredClone(partial ?? {});
  const validate = inputValidator(schemaRef);
  if (!validate(copy)) throw new RealmLoadError(describeErrors(validate.errors));
  return copy as Required<T>;
}

/**
 * A validated realm, ready to seed any number of stores. Building one validates and renders the whole
 * fixture; seeding a store from it only clones the state (several times faster), so tests and resets
 * prepare once and create many apps.
 */
export class PreparedRealm {
  private constructor(
    private readonly state: RealmState,
    private readonly firstIds: Record<IdKind, number>,
  ) {}

  /** Validates a fixture (the object is not modified). Throws RealmLoadError naming each bad field. */
  static from(fixture: unknown): PreparedRealm {
    const data = structuredClone(fixture) as RealmFixture;
    const validate = inputValidator('realm.json');
    if (!validate(data)) throw new RealmLoadError(describeErrors(validate.errors));
    const problems: string[] = [];
    const state = buildState(data, problems);
    if (problems.length) throw new RealmLoadError(problems);
    const maxId = (ids: Iterable<number>): number => Math.max(0, ...ids) + 1;
    return new PreparedRealm(state, {
      message: maxId(state.messages.keys()),
      user: maxId(state.users.keys()),
      channel: maxId(state.channels.keys()),
      group: maxId(state.groups.keys()),
      draft: maxId(state.drafts.keys()),
      snippet: maxId(state.savedSnippets.keys()),
      scheduled: maxId(state.scheduledMessages.keys()),
      invitation: 1,
      linkifier: maxId(state.linkifiers.map((l) => l.id)),
      playground: maxId(state.playgrounds.keys()),
      emoji: maxId(state.realmEmoji.keys()),
      folder: maxId(state.channelFolders.keys()),
    });
  }

  /** A new store with its own copy of the state. */
  createStore(options: LoadOptions): Store {
    const store = new Store(
      structuredClone(this.state),
      options.clock,
      options.random,
      options.featureLevel,
      {
        ...this.firstIds,
      },
    );
    refreshSystemGroups(store.state, store.now());
    return store;
  }
}

/** Validates a fixture (or takes a prepared realm) and builds a Store from it. */
export function loadRealm(fixture: unknown, options: LoadOptions): Store {
  const prepared = fixture instanceof PreparedRealm ? fixture : PreparedRealm.from(fixture);
  return prepared.createStore(options);
}

function buildState(data: RealmFixture, problems: string[]): RealmState {
  const { settings, user_settings_defaults, ...realm } = data.realm;
  const userDefaults = withDefaults<UserSettings>('resources/user-settings.json', user_settings_defaults);
  const state: RealmState = {
    realm,
    settings: withDefaults('resources/realm-settings.json', settings),
    userSettingsDefaults: userDefaults,
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
    linkifiers: data.linkifiers ?? [],
    playgrounds: new Map((data.playgrounds ?? []).map((p) => [p.id, p])),
    channelFolders: new Map((data.channel_folders ?? []).map((f) => [f.id, f])),
    drafts: new Map(),
    savedSnippets: new Map(),
    scheduledMessages: new Map(),
    invitations: new Map(),
    userTopics: new Map(),
    pushTokens: [],
  };
  const userExists = (id: number, where: string): boolean => {
    if (state.users.has(id)) return true;
    problems.push(`${where}: no user with id ${id}`);
    return false;
  };

  data.users.forEach((u, i) => {
    if (state.users.has(u.user_id)) problems.push(`/users/${i}/user_id: duplicate user id ${u.user_id}`);
    const email = u.delivery_email.toLowerCase();
    if (state.usersByEmail.has(email)) problems.push(`/users/${i}/delivery_email: duplicate e-mail ${email}`);
    if (state.usersByApiKey.has(u.api_key)) problems.push(`/users/${i}/api_key: duplicate API key`);
    const user: UserRecord = {
      user_id: u.user_id,
      delivery_email: u.delivery_email,
      full_name: u.full_name,
      role: u.role,
      is_bot: !!u.is_bot,
      bot_type: u.bot_type ?? null,
      bot_owner_id: u.bot_owner_id ?? null,
      is_system_bot: !!u.is_system_bot,
      is_active: u.is_active !== false,
      is_billing_admin: !!u.is_billing_admin,
      date_joined: u.date_joined,
      timezone: u.timezone ?? '',
      api_key: u.api_key,
      avatar_source: u.avatar_source ?? 'G',
      avatar_version: u.avatar_version ?? 1,
      settings: { ...userDefaults, ...u.settings },
    };
    state.users.set(user.user_id, user);
    state.usersByApiKey.set(user.api_key, user);
    state.usersByEmail.set(email, user);
  });
  data.users.forEach((u, i) => {
    if (u.bot_owner_id != null) userExists(u.bot_owner_id, `/users/${i}/bot_owner_id`);
    if (u.is_bot && u.bot_type == null) problems.push(`/users/${i}/bot_type: a bot needs a bot_type`);
  });

  loadGroups(data, state, problems);
  const groupValue = (value: unknown, fallback: GroupSettingValue, where: string): GroupSettingValue => {
    if (value === undefined) return fallback;
    const v = value as GroupSettingValue;
    const ids = typeof v === 'number' ? [v] : v.direct_subgroups;
    for (const id of ids) if (!state.groups.has(id)) problems.push(`${where}: no user group with id ${id}`);
    if (typeof v !== 'number') for (const id of v.direct_members) userExists(id, where);
    return v;
  };
  const system = (name: SystemGroupName): number => state.systemGroupIds.get(name)!;
  for (const [key, value] of Object.entries(state.settings)) {
    if (typeof value === 'string' && value.startsWith('role:')) {
      const id = state.systemGroupIds.get(value);
      if (id === undefined) problems.push(`/realm/settings/${key}: unknown system group ${value}`);
      else (state.settings as Record<string, unknown>)[key] = id;
    } else if (key.endsWith('_group') && value !== null && typeof value === 'object') {
      groupValue(value, 0, `/realm/settings/${key}`);
    }
  }

  data.channels.forEach((c, i) => {
    if (state.channels.has(c.stream_id))
      problems.push(`/channels/${i}/stream_id: duplicate channel id ${c.stream_id}`);
    if (state.channelsByName.has(c.name.toLowerCase()))
      problems.push(`/channels/${i}/name: duplicate name ${c.name}`);
    if (c.creator_id != null) userExists(c.creator_id, `/channels/${i}/creator_id`);
    const description = c.description ?? '';
    const channel = {
      stream_id: c.stream_id,
      name: c.name,
      description,
      rendered_description: description ? renderContent(state, description).html : '',
      invite_only: !!c.invite_only,
      is_web_public: !!c.is_web_public,
      history_public_to_subscribers: c.history_public_to_subscribers ?? !c.invite_only,
      is_archived: !!c.is_archived,
      is_default: !!c.is_default,
      date_created: c.date_created,
      creator_id: c.creator_id ?? null,
      message_retention_days: c.message_retention_days ?? null,
      topics_policy: c.topics_policy ?? 'inherit',
      folder_id: c.folder_id ?? null,
    } as ChannelRecord;
    for (const key of CHANNEL_GROUP_SETTINGS) {
      const fallback =
        key === 'can_administer_channel_group' && channel.creator_id !== null
          ? { direct_members: [channel.creator_id], direct_subgroups: [] }
          : system(CHANNEL_SETTING_DEFAULTS[key]!);
      channel[key] = groupValue(c[key], fallback, `/channels/${i}/${key}`);
    }
    state.channels.set(channel.stream_id, channel);
    state.channelsByName.set(channel.name.toLowerCase(), channel);
    state.subscribers.set(channel.stream_id, new Set());
  });

  data.subscriptions.forEach((s, i) => {
    const where = `/subscriptions/${i}`;
    const channel = state.channels.get(s.stream_id);
    if (!channel) return void problems.push(`${where}/stream_id: no channel with id ${s.stream_id}`);
    if (!userExists(s.user_id, `${where}/user_id`)) return;
    let mine = state.subscriptions.get(s.user_id);
    if (!mine) state.subscriptions.set(s.user_id, (mine = new Map()));
    if (mine.has(s.stream_id)) return void problems.push(`${where}: duplicate subscription`);
    mine.set(s.stream_id, {
      user_id: s.user_id,
      stream_id: s.stream_id,
      active: s.active !== false,
      color: s.color ?? SUBSCRIPTION_COLORS[mine.size % SUBSCRIPTION_COLORS.length]!,
      is_muted: !!s.is_muted,
      pin_to_top: !!s.pin_to_top,
      desktop_notifications: s.desktop_notifications ?? null,
      email_notifications: s.email_notifications ?? null,
      wildcard_mentions_notify: s.wildcard_mentions_notify ?? null,
      push_notifications: s.push_notifications ?? null,
      audible_notifications: s.audible_notifications ?? null,
      date_subscribed: s.date_subscribed ?? channel.date_created,
    });
    if (s.active !== false && state.users.get(s.user_id)!.is_active)
      state.subscribers.get(s.stream_id)!.add(s.user_id);
  });

  // Stream messages go to everyone subscribed when they were sent, past subscribers included.
  const subscriptionsByChannel = new Map<number, SubscriptionRecord[]>();
  for (const mine of state.subscriptions.values()) {
    for (const sub of mine.values()) {
      const list = subscriptionsByChannel.get(sub.stream_id) ?? [];
      list.push(sub);
      subscriptionsByChannel.set(sub.stream_id, list);
    }
  }
  const positions = new Map(data.messages.map((m, i) => [m, i]));
  const sorted = [...data.messages].sort((a, b) => a.id - b.id);
  for (const m of sorted) {
    loadMessage(state, m, `/messages/${positions.get(m)}`, problems, userExists, subscriptionsByChannel);
  }
  checkReferences(data, state, problems);

  for (const [i, d] of (data.drafts ?? []).entries()) {
    if (userExists(d.user_id, `/drafts/${i}/user_id`)) state.drafts.set(d.id, { ...d, topic: d.topic ?? '' });
  }
  for (const [i, s] of (data.saved_snippets ?? []).entries()) {
    if (userExists(s.user_id, `/saved_snippets/${i}/user_id`)) state.savedSnippets.set(s.id, s);
  }
  for (const [i, s] of (data.scheduled_messages ?? []).entries()) {
    if (!userExists(s.sender_id, `/scheduled_messages/${i}/sender_id`)) continue;
    state.scheduledMessages.set(s.scheduled_message_id, {
      ...s,
      topic: s.topic ?? '',
      failed: !!s.failed,
      read_by_sender: null,
      delivered_message_id: null,
    });
  }
  for (const [i, t] of (data.user_topics ?? []).entries()) {
    if (!userExists(t.user_id, `/user_topics/${i}/user_id`)) continue;
    state.userTopics.set(`${t.user_id}\u0000${t.stream_id}\u0000${t.topic_name.toLowerCase()}`, t);
  }
  return state;
}

/** Cross-references the schema cannot express: ids that must name existing users and channels. */
function checkReferences(data: RealmFixture, state: RealmState, problems: string[]): void {
  const channel = (id: number, where: string): void => {
    if (!state.channels.has(id)) problems.push(`${where}: no channel with id ${id}`);
  };
  const user = (id: number, where: string): void => {
    if (!state.users.has(id)) problems.push(`${where}: no user with id ${id}`);
  };
  for (const key of ['new_stream_announcements_stream_id', 'signup_announcements_stream_id'] as const) {
    const id = state.settings[key] as number | null;
    if (id !== null && id !== -1) channel(id, `/realm/settings/${key}`);
  }
  data.channels.forEach((c, i) => {
    if (c.folder_id != null && !state.channelFolders.has(c.folder_id)) {
      problems.push(`/channels/${i}/folder_id: no channel folder with id ${c.folder_id}`);
    }
  });
  data.realm_emoji?.forEach(
    (e, i) => e.author_id != null && user(e.author_id, `/realm_emoji/${i}/author_id`),
  );
  data.drafts?.forEach((d, i) => {
    if (d.type === 'stream') d.to.forEach((id) => channel(id, `/drafts/${i}/to`));
    if (d.type === 'private') d.to.forEach((id) => user(id, `/drafts/${i}/to`));
  });
  data.scheduled_messages?.forEach((s, i) => {
    if (s.type === 'stream') channel(s.to as number, `/scheduled_messages/${i}/to`);
    else (s.to as number[]).forEach((id) => user(id, `/scheduled_messages/${i}/to`));
  });
  data.user_topics?.forEach((t, i) => channel(t.stream_id, `/user_topics/${i}/stream_id`));
}

function loadGroups(data: RealmFixture, state: RealmState, problems: string[]): void {
  let nextId = Math.max(0, ...data.user_groups.map((g) => g.id)) + 1;
  const fixtureGroups = [...data.user_groups];
  for (const name of SYSTEM_GROUP_NAMES) {
    if (!fixtureGroups.some((g) => g.is_system_group && g.name === name)) {
      fixtureGroups.push({
        id: nextId++,
        name,
        is_system_group: true,
        description: systemGroupShape(name).description,
      });
    }
  }
  const seen = new Set<number>();
  for (const [i, g] of fixtureGroups.entries()) {
    if (seen.has(g.id)) problems.push(`/user_groups/${i}/id: duplicate group id ${g.id}`);
    seen.add(g.id);
    if (g.is_system_group) state.systemGroupIds.set(g.name, g.id);
  }
  fixtureGroups.forEach((g, i) => {
    const where = `/user_groups/${i}`;
    const subgroup = g.is_system_group ? systemGroupShape(g.name as SystemGroupName)?.subgroup : undefined;
    const group = {
      id: g.id,
      name: g.name,
      description: g.description ?? '',
      members: new Set(g.is_system_group ? [] : (g.members ?? [])),
      direct_subgroup_ids: new Set(
        subgroup ? [state.systemGroupIds.get(subgroup)!] : (g.direct_subgroup_ids ?? []),
      ),
      is_system_group: !!g.is_system_group,
      deactivated: !!g.deactivated,
      date_created: g.date_created ?? null,
      creator_id: g.creator_id ?? null,
    } as UserGroupRecord;
    for (const m of group.members)
      if (!state.users.has(m)) problems.push(`${where}/members: no user with id ${m}`);
    for (const s of group.direct_subgroup_ids) {
      if (!fixtureGroups.some((x) => x.id === s))
        problems.push(`${where}/direct_subgroup_ids: no user group with id ${s}`);
    }
    for (const key of USER_GROUP_SETTINGS) {
      const fallback =
        key === 'can_manage_group' && group.creator_id !== null
          ? { direct_members: [group.creator_id], direct_subgroups: [] }
          : state.systemGroupIds.get(GROUP_SETTING_DEFAULTS[key]!)!;
      group[key] = (g[key] as GroupSettingValue | undefined) ?? fallback;
    }
    state.groups.set(group.id, group);
  });
}

function loadMessage(
  state: RealmState,
  m: FixtureMessage,
  where: string,
  problems: string[],
  userExists: (id: number, where: string) => boolean,
  subscriptionsByChannel: Map<number, SubscriptionRecord[]>,
): void {
  if (state.messages.has(m.id)) return void problems.push(`${where}/id: duplicate message id ${m.id}`);
  if (!userExists(m.sender_id, `${where}/sender_id`)) return;
  const isChannel = m.stream_id !== undefined;
  if (isChannel === (m.to !== undefined)) {
    return void problems.push(
      `${where}: give either stream_id and topic (channel message) or to (direct message)`,
    );
  }
  if (isChannel && !state.channels.has(m.stream_id!)) {
    return void problems.push(`${where}/stream_id: no channel with id ${m.stream_id}`);
  }
  if (!isChannel && !(m.to ?? []).every((id) => userExists(id, `${where}/to`))) return;
  const rendered = renderContent(state, m.content);
  const message: MessageRecord = {
    id: m.id,
    sender_id: m.sender_id,
    type: isChannel ? 'stream' : 'private',
    stream_id: isChannel ? m.stream_id! : null,
    topic: isChannel ? (m.topic ?? '') : '',
    recipients: isChannel ? [] : [...new Set([m.sender_id, ...(m.to ?? [])])].sort((a, b) => a - b),
    content: m.content,
    rendered_content: rendered.html,
    timestamp: m.timestamp,
    client: m.client ?? 'website',
    is_me_message: m.content.startsWith('/me '),
    reactions: m.reactions ?? [],
    edit_history: m.edit_history ?? [],
    last_edit_timestamp: m.last_edit_timestamp,
    last_moved_timestamp: m.last_moved_timestamp,
    mentioned_user_ids: rendered.mentionedUserIds,
    wildcard_mention: rendered.wildcard,
    has_link: rendered.hasLink,
    has_image: rendered.hasImage,
    has_attachment: rendered.hasAttachment,
  };
  if (message.last_edit_timestamp === undefined) delete message.last_edit_timestamp;
  if (message.last_moved_timestamp === undefined) delete message.last_moved_timestamp;
  state.messages.set(message.id, message);
  indexLocation(state.index, message);
  const readers = new Set(message.recipients);
  for (const sub of subscriptionsByChannel.get(message.stream_id ?? -1) ?? []) {
    if (sub.date_subscribed <= message.timestamp) readers.add(sub.user_id);
  }
  readers.add(message.sender_id);
  const unread = new Set(m.unread_by ?? []);
  const starred = new Set(m.starred_by ?? []);
  for (const [field, ids] of [
    ['unread_by', unread],
    ['starred_by', starred],
  ] as const) {
    for (const id of ids)
      if (!readers.has(id)) problems.push(`${where}/${field}: user ${id} did not receive this message`);
  }
  m.reactions?.forEach((r, i) => userExists(r.user_id, `${where}/reactions/${i}/user_id`));
  for (const userId of readers) {
    let bits = unread.has(userId) && userId !== m.sender_id ? 0 : FLAG_BITS.read;
    if (starred.has(userId)) bits |= FLAG_BITS.starred;
    if (message.mentioned_user_ids.has(userId)) bits |= FLAG_BITS.mentioned;
    addUserRow(state.index, userId, message.id, bits);
  }
}
