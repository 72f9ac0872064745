import { describe, expect, it } from 'vitest';
import { LevelApps } from '../../testing/level-client.js';
import { NEWEST_FEATURE_LEVEL, levelOf, type BehaviourName } from '../../versions/index.js';
import { LEGACY_POLICIES } from './legacy-policies.js';

const IAGO = 'iago@svc.test';
const apps = new LevelApps();
const CAPABILITIES = { notification_settings_null: true, linkifier_url_template: true };
const register = (level: number, capabilities: Record<string, boolean> = CAPABILITIES) =>
  apps.call(level, IAGO, 'POST', '/register', { client_capabilities: capabilities });

type Row = Record<string, unknown>;

/** Keys a level-218 server did not send yet, and their newest names. */
const LATER_KEYS = [
  'realm_url',
  'realm_new_stream_announcements_stream_id',
  'realm_signup_announcements_stream_id',
  'presence_last_update_id',
  'saved_snippets',
  'navigation_views',
  'channel_folders',
  'max_bulk_new_subscription_messages',
  'realm_empty_topic_display_name',
  'realm_can_create_groups',
];
const LATER_CHANNEL_FIELDS = [
  'creator_id',
  'is_archived',
  'is_recently_active',
  'can_send_message_group',
  'can_administer_channel_group',
  'can_add_subscribers_group',
  'can_subscribe_group',
  'folder_id',
  'topics_policy',
  'subscriber_count',
  'can_delete_any_message_group',
];
const LATER_GROUP_FIELDS = [
  'can_manage_group',
  'creator_id',
  'date_created',
  'deactivated',
  'can_join_group',
];

describe('POST /register at level 218 and at the newest level', () => {
  it('sends realm_default_streams as channel objects at 218 and as ids at the newest level', async () => {
    const old = (await register(218)).realm_default_streams as Row[];
    const newest = (await register(NEWEST_FEATURE_LEVEL)).realm_default_streams as number[];
    expect(newest.length).toBeGreaterThan(0);
    expect(newest.every((id) => typeof id === 'number')).toBe(true);
    expect(old.map((c) => c.stream_id)).toEqual(newest);
    expect(old[0]).toMatchObject({ name: expect.any(String), invite_only: expect.any(Boolean) });
    expect(old[0]).not.toHaveProperty('creator_id');
  });

  it('switches realm_default_streams to ids exactly at level 330', async () => {
    const before = (await register(329)).realm_default_streams as Row[];
    const at = (await register(330)).realm_default_streams as number[];
    expect(before.map((c) => c.stream_id)).toEqual(at);
    expect(before.every((c) => typeof c === 'object' && typeof c.name === 'string')).toBe(true);
  });

  it('leaves out the keys of later levels at 218 and keeps realm_uri and the older names', async () => {
    const old = await register(218);
    const newest = await register(NEWEST_FEATURE_LEVEL);
    for (const key of LATER_KEYS) {
      expect(newest, key).toHaveProperty([key]);
      expect(old, key).not.toHaveProperty([key]);
    }
    expect(old.realm_uri).toBe(newest.realm_url);
    expect(old.realm_notifications_stream_id).toBe(newest.realm_new_stream_announcements_stream_id);
    expect(old.realm_signup_notifications_stream_id).toBe(newest.realm_signup_announcements_stream_id);
    expect(newest).not.toHaveProperty(['realm_notifications_stream_id']);
  });

  it('sends channel, subscription and group objects without the fields of later levels at 218', async () => {
    const old = await register(218);
    const newest = await register(NEWEST_FEATURE_LEVEL);
    for (const key of ['streams', 'subscriptions', 'never_subscribed']) {
      const oldRows = old[key] as Row[];
      expect(oldRows.length, key).toBeGreaterThan(0);
      for (const field of LATER_CHANNEL_FIELDS) {
        expect(
          oldRows.some((row) => field in row),
          `${key} ${field}`,
        ).toBe(false);
        expect(
          (newest[key] as Row[]).every((row) => field in row),
          `${key} ${field}`,
        ).toBe(true);
      }
    }
    const oldGroups = old.realm_user_groups as Row[];
    for (const field of LATER_GROUP_FIELDS) {
      expect(
        oldGroups.some((g) => field in g),
        field,
      ).toBe(false);
      expect(
        (newest.realm_user_groups as Row[]).every((g) => field in g),
        field,
      ).toBe(true);
    }
    expect(oldGroups.every((g) => typeof g.can_mention_group === 'number')).toBe(true);
  });

  it('sends linkifiers with url_template to capable clients at 218 and with url_format_string to all before 176', async () => {
    const at218 = (await register(218)).realm_linkifiers as Row[];
    expect(at218[0]).toHaveProperty('url_template');
    expect(await register(218, { notification_settings_null: true })).toMatchObject({ realm_linkifiers: [] });
    const at175 = (await register(175, { notification_settings_null: true })).realm_linkifiers as Row[];
    expect(at175.length).toBe(at218.length);
    expect(at175[0]).not.toHaveProperty('url_template');
    expect(at175[0]!.url_format_string).toBe(String(at218[0]!.url_template).replace(/\{(\w+)\}/g, '%($1)s'));
    const listed = (await apps.call(175, IAGO, 'GET', '/realm/linkifiers')).linkifiers as Row[];
    expect(listed).toEqual(at175);
    const filters = (await register(175)).realm_filters as unknown[][];
    expect(filters.map((f) => [f[1], f[2]])).toEqual(at175.map((l) => [l.url_format_string, l.id]));
    expect((await register(176)).realm_filters).toEqual([]);
  });

  it('uses the older setting names at 218 in user_settings and the flat legacy keys', async () => {
    const old = await register(218);
    const settings = old.user_settings as Row;
    expect(settings).toHaveProperty('default_view');
    expect(settings).not.toHaveProperty('web_home_view');
    expect(settings).not.toHaveProperty('web_font_size_px');
    expect(old).toHaveProperty('default_view');
    expect(old).not.toHaveProperty('web_home_view');
  });
});

/** Register keys sent only below a level: the key and the behaviour that dropped it. */
const DROPPED: Array<[string, BehaviourName]> = [
  ...Object.entries(LEGACY_POLICIES)
    .filter(([, p]) => p.removedBy)
    .map(([key, p]): [string, BehaviourName] => [key, p.removedBy!]),
  ['realm_private_message_policy', 'legacy_private_message_policy_removed'],
  ['realm_bot_creation_policy', 'legacy_bot_creation_policy_removed'],
  ['realm_is_zephyr_mirror_realm', 'zephyr_mirror_realm_removed'],
];

describe('register keys that group settings replaced', () => {
  it.each(DROPPED)('%s is sent below its level and not from it on', async (key, behaviour) => {
    const level = levelOf(behaviour);
    expect(await register(level - 1)).toHaveProperty([key]);
    expect(await register(level)).not.toHaveProperty([key]);
  });

  it('derives every legacy policy at 218 from its group setting, and keeps the deprecated ones at the newest level', async () => {
    const old = await register(218);
    for (const key of [
      ...Object.keys(LEGACY_POLICIES),
      'realm_private_message_policy',
      'realm_bot_creation_policy',
    ])
      expect(old[key], key).toEqual(expect.any(Number));
    const newest = await register(NEWEST_FEATURE_LEVEL);
    const kept = Object.entries(LEGACY_POLICIES).filter(([, p]) => !p.removedBy);
    expect(kept.length).toBeGreaterThan(0);
    for (const [key] of kept) expect(newest[key], key).toBe(old[key]);
  });

  it('maps role groups to policy values: administrators only is 2, members is 1', async () => {
    const app = apps.at(218);
    const ids = app.store.state.systemGroupIds;
    const settings = app.store.state.settings as unknown as Record<string, unknown>;
    // The app at 218 is shared by this file's tests: its settings are put back afterwards.
    const keys = [
      'can_create_public_channel_group',
      'can_create_private_channel_group',
      'can_mention_many_users_group',
    ];
    const saved = keys.map((key) => settings[key]);
    try {
      settings.can_create_public_channel_group = ids.get('role:administrators');
      settings.can_create_private_channel_group = ids.get('role:members');
      settings.can_mention_many_users_group = ids.get('role:nobody');
      const body = await register(218);
      expect(body.realm_create_public_stream_policy).toBe(2);
      expect(body.realm_create_private_stream_policy).toBe(1);
      expect(body.realm_wildcard_mention_policy).toBe(6);
    } finally {
      keys.forEach((key, i) => (settings[key] = saved[i]));
    }
  });
});

describe('archived channels by level', () => {
  const ARCHIVED = { ...CAPABILITIES, archived_channels: true };
  const archivedIn = async (level: number): Promise<string[]> => {
    const body = await register(level, ARCHIVED);
    const sections = ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams'];
    return sections.filter((key) => (body[key] as Row[]).some((c) => c.name === 'old-projects'));
  };

  it('lists archived channels to capable clients per section from 315 (subscriptions), 362 (never_subscribed) and 378 (streams)', async () => {
    const newest = await archivedIn(NEWEST_FEATURE_LEVEL);
    expect(newest).toContain('streams');
    const subscribed = newest.filter(
      (s) => s === 'subscriptions' || s === 'unsubscribed' || s === 'never_subscribed',
    );
    expect(subscribed.length).toBe(1);
    const section = subscribed[0]!;
    const from = section === 'never_subscribed' ? 362 : 315;
    expect(await archivedIn(from - 1)).not.toContain(section);
    expect(await archivedIn(from)).toContain(section);
    expect(await archivedIn(377)).not.toContain('streams');
    expect(await archivedIn(378)).toContain('streams');
    expect(await archivedIn(314)).toEqual([]);
  });

  it.each([
    [377, 'delete'],
    [378, 'update'],
  ])(
    'archiving a channel at level %i sends a stream %s event to a client with archived_channels',
    async (level, op) => {
      const queue = await register(level, ARCHIVED);
      const verona = apps.at(level).store.state.channelsByName.get('verona')!;
      await apps.call(level, IAGO, 'DELETE', `/streams/${verona.stream_id}`);
      const params = { queue_id: queue.queue_id, last_event_id: -1, dont_block: true };
      const events = (await apps.call(level, IAGO, 'GET', '/events', params)).events as Row[];
      expect(events.filter((e) => e.type === 'stream').map((e) => e.op)).toEqual([op]);
    },
  );
});

describe('answers of endpoints at level 218', () => {
  it('POST /user_groups/create answers group_id from level 317 only', async () => {
    const params = {
      name: 'level probe',
      description: 'd',
      members: [apps.at(316).store.state.usersByEmail.get(IAGO)!.user_id],
    };
    expect(await apps.call(316, IAGO, 'POST', '/user_groups/create', params)).not.toHaveProperty('group_id');
    expect(await apps.call(317, IAGO, 'POST', '/user_groups/create', params)).toHaveProperty('group_id');
  });

  it('message objects carry the reaction user object before level 328 only', async () => {
    const reactions = async (level: number) => {
      const fetched = await apps.call(level, IAGO, 'GET', '/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
      });
      const id = (fetched.messages as Row[]).at(-1)!.id as number;
      await apps.call(level, IAGO, 'POST', `/messages/${id}/reactions`, { emoji_name: 'octopus' });
      const message = (await apps.call(level, IAGO, 'GET', `/messages/${id}`)).message as {
        reactions: Row[];
      };
      return message.reactions.find((r) => r.emoji_name === 'octopus')!;
    };
    const old = await reactions(327);
    expect(old.user).toEqual({
      id: old.user_id,
      email: expect.any(String),
      full_name: expect.any(String),
      is_mirror_dummy: false,
    });
    expect(await reactions(328)).not.toHaveProperty('user');
  });

  it('subscriptions carry the channel e-mail address below level 226 only', async () => {
    const subs = async (level: number) =>
      (await apps.call(level, IAGO, 'GET', '/users/me/subscriptions')).subscriptions as Row[];
    const old = await subs(225);
    expect(old.every((s) => /^[A-Za-z0-9-]+\.[0-9a-f]{32}@/.test(String(s.email_address)))).toBe(true);
    expect(new Set(old.map((s) => s.email_address)).size).toBe(old.length);
    expect((await subs(226)).some((s) => 'email_address' in s)).toBe(false);
    const registered = (await register(225)).subscriptions as Row[];
    expect(registered.map((s) => s.email_address).sort()).toEqual(old.map((s) => s.email_address).sort());
  });

  it('GET /streams and GET /users/me/subscriptions leave out creator_id and is_archived at 218', async () => {
    const streams = (await apps.call(218, IAGO, 'GET', '/streams')).streams as Row[];
    const subs = (await apps.call(218, IAGO, 'GET', '/users/me/subscriptions')).subscriptions as Row[];
    for (const row of [...streams, ...subs]) {
      expect(row).not.toHaveProperty('creator_id');
      expect(row).not.toHaveProperty('is_archived');
      expect(typeof row.can_remove_subscribers_group).toBe('number');
    }
  });
});
