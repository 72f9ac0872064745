/**
 * Every snapshot section of reference A.7 requested alone through fetch_event_types gives exactly its keys,
 * together they give the whole snapshot, and the sections the mock keeps no records for have their values.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER } from '../../testing/accounts.js';
import { LevelApps } from '../../testing/level-client.js';
import { describeTransports } from '../../testing/transports.js';
import { NEWEST_FEATURE_LEVEL, levelOf } from '../../versions/index.js';

/** The keys of POST /register that every answer has (A.6 and the success envelope). */
const CORE = [
  'result',
  'msg',
  'queue_id',
  'idle_queue_timeout_secs',
  'last_event_id',
  'svc_feature_level',
  'svc_version',
  'svc_merge_base',
];

const OWN_ACCOUNT = [
  'avatar_source',
  'avatar_url',
  'avatar_url_medium',
  'can_create_private_streams',
  'can_create_public_streams',
  'can_create_streams',
  'can_create_web_public_streams',
  'can_subscribe_other_users',
  'can_invite_others_to_realm',
  'is_admin',
  'is_owner',
  'is_moderator',
  'is_guest',
  'is_billing_admin',
  'user_id',
  'email',
  'delivery_email',
  'full_name',
];

/** Requested values (space-separated) -> the keys they add at the newest level (A.7; attachments beyond it). */
const SECTIONS: Record<string, string[]> = {
  alert_words: ['alert_words'],
  custom_profile_fields: ['custom_profile_fields', 'custom_profile_field_types'],
  onboarding_steps: ['onboarding_steps', 'navigation_tour_video_url'],
  message: ['max_message_id'],
  'message update_message_flags': ['max_message_id', 'unread_msgs'],
  drafts: ['drafts'],
  scheduled_messages: ['scheduled_messages'],
  saved_snippets: ['saved_snippets'],
  navigation_views: ['navigation_views'],
  channel_folders: ['channel_folders'],
  muted_topics: ['muted_topics'],
  user_topic: ['user_topics'],
  muted_users: ['muted_users'],
  presence: ['presences', 'server_timestamp', 'presence_last_update_id'],
  realm_user_settings_defaults: ['realm_user_settings_defaults'],
  realm_domains: ['realm_domains'],
  realm_emoji: ['realm_emoji'],
  realm_linkifiers: ['realm_linkifiers'],
  realm_filters: ['realm_filters'],
  realm_playgrounds: ['realm_playgrounds'],
  realm_user_groups: ['realm_user_groups'],
  realm_user: ['realm_users', 'realm_non_active_users', 'cross_realm_bots', ...OWN_ACCOUNT],
  realm_bot: ['realm_bots'],
  realm_embedded_bots: ['realm_embedded_bots'],
  realm_incoming_webhook_bots: ['realm_incoming_webhook_bots'],
  recent_private_conversations: ['recent_private_conversations'],
  subscription: ['subscriptions', 'unsubscribed', 'never_subscribed'],
  starred_messages: ['starred_messages'],
  stream: ['streams'],
  default_streams: ['realm_default_streams'],
  default_stream_groups: ['realm_default_stream_groups'],
  stop_words: ['stop_words'],
  user_settings: ['user_settings'],
  user_status: ['user_status'],
  video_calls: ['has_zoom_token', 'has_webex_token'],
  giphy: ['giphy_api_key', 'tenor_api_key', 'klipy_api_key'],
  reminders: ['reminders'],
  realm_billing: ['realm_billing'],
  device: ['devices'],
  attachments: ['attachments'],
};

/** Sections whose many keys are checked by a few of them. */
const OPEN_SECTIONS: Record<string, string[]> = {
  realm: ['realm_name', 'realm_url', 'max_message_length', 'server_generation', 'jitsi_server_url'],
  update_display_settings: ['emojiset_choices', 'timezone', 'twenty_four_hour_time'],
  update_global_notifications: ['available_notification_sounds', 'enable_sounds'],
};

const sectionKeys = (body: Record<string, unknown>): string[] =>
  Object.keys(body)
    .filter((k) => !CORE.includes(k))
    .sort();

describeTransports('POST /register sections of reference A.7', (t) => {
  const register = async (params: Record<string, unknown>, email = ADMIN) => {
    const res = await t().as(email).post('register', params);
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };

  it('gives each section requested alone exactly its keys, and all of them together the whole snapshot', async () => {
    const union = new Set<string>();
    for (const [type, keys] of Object.entries(SECTIONS)) {
      const got = sectionKeys(await register({ fetch_event_types: type.split(' ') }));
      expect(got, type).toEqual([...keys].sort());
      if (type !== 'muted_topics') for (const key of got) union.add(key);
    }
    for (const [type, some] of Object.entries(OPEN_SECTIONS)) {
      const got = sectionKeys(await register({ fetch_event_types: [type] }));
      expect(got, type).toEqual(expect.arrayContaining(some));
      for (const key of got) union.add(key);
    }
    // Without a list every section comes, muted_topics only to clients that did not ask for user_topic.
    expect(sectionKeys(await register({}))).toEqual([...union].sort());
  });

  it('sends the sections the mock keeps no records for with the values of a server without them', async () => {
    const body = await register({
      fetch_event_types: [
        'realm_domains',
        'default_stream_groups',
        'video_calls',
        'giphy',
        'onboarding_steps',
      ],
    });
    expect(body).toMatchObject({
      realm_domains: [],
      realm_default_stream_groups: [],
      has_zoom_token: false,
      giphy_api_key: '',
      onboarding_steps: [],
      navigation_tour_video_url: null,
    });
  });

  it("sends the server's English stop words: function words and single letters, each once", async () => {
    const words = (await register({ fetch_event_types: ['stop_words'] }, MEMBER)).stop_words as string[];
    expect(words.length).toBe(149);
    expect(new Set(words).size).toBe(words.length);
    expect(words.slice(0, 4)).toEqual(['i', 'me', 'my', 'myself']);
    expect(words).toEqual(expect.arrayContaining(['the', 'and', 'should', 'now', 'b', 'z']));
    expect(words).not.toContain('message');
  });

  it('tells the caller whether they may subscribe other users, guests included', async () => {
    const member = await register({ fetch_event_types: ['realm_user'] }, MEMBER);
    const guest = await register({ fetch_event_types: ['realm_user'] }, GUEST);
    expect(member.can_subscribe_other_users).toBe(true);
    expect(guest.can_subscribe_other_users).toBe(false);
  });
});

describe('level-dependent sections', () => {
  const apps = new LevelApps();
  const keysAt = async (level: number, types: string[]) =>
    sectionKeys((await apps.send(level, MEMBER, 'POST', '/register', { fetch_event_types: types })).body);
  const renamed = levelOf('field_onboarding_steps');

  it(`asks for hotspots before ${renamed} and for onboarding_steps from then on`, async () => {
    expect(await keysAt(renamed - 1, ['hotspots'])).toEqual(['hotspots']);
    expect(await keysAt(renamed - 1, ['onboarding_steps'])).toEqual([]);
    expect(await keysAt(renamed, ['hotspots'])).toEqual([]);
    expect(await keysAt(renamed, ['onboarding_steps'])).toEqual(['onboarding_steps']);
    const all = await keysAt(renamed - 1, ['hotspots', 'onboarding_steps']);
    expect(all).toEqual(['hotspots']);
  });

  it('adds navigation_tour_video_url to the onboarding section at its level', async () => {
    const from = levelOf('field_navigation_tour_video_url');
    expect(await keysAt(from - 1, ['onboarding_steps'])).toEqual(['onboarding_steps']);
    expect(await keysAt(from, ['onboarding_steps'])).toEqual([
      'navigation_tour_video_url',
      'onboarding_steps',
    ]);
  });

  it('sends giphy_api_key from its level', async () => {
    const from = levelOf('field_giphy_api_key');
    expect(await keysAt(from - 1, ['giphy'])).toEqual([]);
    expect(await keysAt(from, ['giphy'])).toEqual(['giphy_api_key']);
  });

  it('keeps can_subscribe_other_users after can_add_subscribers_group replaced the realm policy', async () => {
    const replaced = levelOf('legacy_invite_to_stream_policy_removed');
    for (const level of [replaced - 1, replaced, NEWEST_FEATURE_LEVEL])
      expect(await keysAt(level, ['realm_user']), String(level)).toContain('can_subscribe_other_users');
  });
});
