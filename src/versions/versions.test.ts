import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../api/app.js';
import { compileParams } from '../api/params.js';
import { routes } from '../api/routes/index.js';
import { createManualClock } from '../store/clock.js';
import { ADMIN } from '../testing/accounts.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { callApp as call } from '../testing/level-client.js';
import {
  BEHAVIOURS,
  checkFeatureLevel,
  featureLevelProblem,
  has,
  NEWEST_FEATURE_LEVEL,
  releaseOf,
  type BehaviourName,
} from './index.js';
import { ENDPOINT_GATES, endpointExists } from './endpoints.js';
import {
  CAPABILITY_GATES,
  dropUnsupportedParams,
  LEGACY_PARAMS,
  PARAMETER_GATES,
  supportedCapabilities,
} from './params.js';

function appAt(level?: number): App {
  return createApp({
    realm: preparedDevRealm(),
    featureLevel: level,
    clock: createManualClock(Date.UTC(2025, 0, 1)),
    seed: 1,
    logError: () => {},
  });
}

describe('the versions table', () => {
  it('answers has() from the level on, and up to `until` for behaviours taken back', () => {
    expect([
      has('message_ids', 299),
      has('message_ids', 300),
      has('message_ids', NEWEST_FEATURE_LEVEL),
    ]).toEqual([false, true, true]);
    expect([327, 328, 338, 339].map((l) => has('reaction_user_dropped', l))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('keeps every level within 0..NEWEST_FEATURE_LEVEL and every `until` after its level', () => {
    const bad = Object.entries(BEHAVIOURS).filter(([, b]) => {
      const until = (b as { until?: number }).until;
      return b.level < 0 || b.level > NEWEST_FEATURE_LEVEL || (until !== undefined && until <= b.level);
    });
    expect(bad.map(([name]) => name)).toEqual([]);
  });

  it('gates only parameters the routes declare, on routes that exist, with behaviours of the table', () => {
    const problems: string[] = [];
    for (const [key, gates] of PARAMETER_GATES) {
      const route = routes.find((r) => `${r.method} ${r.path}` === key);
      if (!route) {
        problems.push(`${key}: no such route`);
        continue;
      }
      const plan = compileParams(route.schema);
      for (const [name, behaviour] of Object.entries(gates)) {
        if (!plan.specs.has(name)) problems.push(`${key}: ${name} is not a parameter`);
        if (!(behaviour in BEHAVIOURS)) problems.push(`${key}: ${behaviour} is not a behaviour`);
      }
    }
    for (const key of LEGACY_PARAMS.keys())
      if (!PARAMETER_GATES.has(key)) problems.push(`${key}: legacy only`);
    expect(problems).toEqual([]);
  });

  it('gates only endpoints of the route table', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect([...ENDPOINT_GATES.keys()].filter((k) => !keys.has(k))).toEqual([]);
    expect([endpointExists('GET /saved_snippets', 296), endpointExists('GET /saved_snippets', 297)]).toEqual([
      false,
      true,
    ]);
    expect(endpointExists('GET /messages', 0)).toBe(true);
  });

  it.each([...ENDPOINT_GATES])(
    '%s: unknown (404) below %s, routed from its level on',
    async (key, behaviour) => {
      const [method, template] = key.split(' ') as [string, string];
      const path = template.slice(1).replace(/\{[a-z_]+\}/g, '1');
      const level = BEHAVIOURS[behaviour].level;
      const below = await call(appAt(level - 1), method, path, {});
      expect([below.status, below.body.msg]).toEqual([
        404,
        `Not Found: no endpoint ${method} /api/v1/${path}`,
      ]);
      const at = await call(appAt(level), method, path, {});
      expect(at.body.msg).not.toMatch(/^Not Found: no endpoint/);
    },
  );

  it('leaves out client capabilities a level did not know yet', () => {
    const all = {
      notification_settings_null: true,
      archived_channels: true,
      simplified_presence_events: true,
    };
    expect(supportedCapabilities(all, 314)).toEqual({ notification_settings_null: true });
    expect(supportedCapabilities(all, 418)).toEqual({
      notification_settings_null: true,
      archived_channels: true,
    });
    expect(supportedCapabilities(all, 419)).toBe(all);
    expect(Object.values(CAPABILITY_GATES).filter((b) => !(b in BEHAVIOURS))).toEqual([]);
  });

  it('drops a gated parameter below its level and keeps it from the level on', () => {
    const raw = () =>
      new Map([
        ['message_ids', '[1]'],
        ['narrow', '[]'],
      ]);
    const below = raw();
    expect(dropUnsupportedParams('GET /messages', below, 299)).toEqual(['message_ids']);
    expect([...below.keys()]).toEqual(['narrow']);
    const at = raw();
    expect(dropUnsupportedParams('GET /messages', at, 300)).toEqual([]);
    expect([...at.keys()]).toEqual(['message_ids', 'narrow']);
  });
});

describe('feature levels from 0 to the newest', () => {
  it('names a release per level: the release level, its maintenance levels, the development series', () => {
    expect([0, 1, 25, 26, 155, 156, 218, 277, 278, 371, 421, 435].map(releaseOf)).toEqual([
      '2.1',
      '3.0-dev',
      '3.0',
      '3.1',
      '6.0-dev',
      '6.0',
      '8.0-dev',
      '9.0',
      '9.2',
      '10.0',
      '11.0',
      '12.0-dev',
    ]);
  });

  it('refuses levels above the newest and non-integers, with a readable message', () => {
    expect(featureLevelProblem(0)).toBeUndefined();
    expect(featureLevelProblem(NEWEST_FEATURE_LEVEL)).toBeUndefined();
    expect(featureLevelProblem(NEWEST_FEATURE_LEVEL + 1)).toBe(
      `Feature level ${NEWEST_FEATURE_LEVEL + 1} is newer than the newest this mock implements (${NEWEST_FEATURE_LEVEL}).`,
    );
    expect(featureLevelProblem(-1)).toBe('Not a feature level: -1.');
    expect(featureLevelProblem(2.5)).toBe('Not a feature level: 2.5.');
    expect(() => checkFeatureLevel(NEWEST_FEATURE_LEVEL + 1)).toThrow(RangeError);
    expect(() => appAt(NEWEST_FEATURE_LEVEL + 1)).toThrow(/newer than the newest/);
  });

  it.each([0, 1, 87, 88, 218, 277, undefined])(
    'reports level %s and its release in GET /server_settings and POST /register',
    async (level) => {
      const app = appAt(level);
      const expected = level ?? NEWEST_FEATURE_LEVEL;
      const settings = (await call(app, 'GET', 'server_settings', {})).body;
      const register = (await call(app, 'POST', 'register', { fetch_event_types: ['realm'] })).body;
      for (const body of [settings, register]) {
        expect(body.svc_version).toBe(releaseOf(expected));
        if (expected === 0) expect(body).not.toHaveProperty('svc_feature_level');
        else expect(body.svc_feature_level).toBe(expected);
        if (expected < 88) expect(body).not.toHaveProperty('svc_merge_base');
        else expect(body.svc_merge_base).toBe(releaseOf(expected));
      }
    },
  );
});

/** GET /messages with a narrow, the newest message only. */
const fetchNarrow = (app: App, narrow: unknown[]) =>
  call(app, 'GET', 'messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow });

/** Behaviours beyond the spec's table, each at the level below and at its level where it is cheap. */
const OTHER_CASES: Partial<
  Record<BehaviourName, { observe: (app: App) => Promise<unknown>; below: unknown; at: unknown }>
> = {
  channel_wording: {
    observe: async (app) =>
      (await call(app, 'POST', 'messages', { type: 'stream', to: 'Nowhere', topic: 't', content: 'x' })).body
        .msg,
    below: "Stream 'Nowhere' does not exist",
    at: "Channel 'Nowhere' does not exist",
  },
  subscribe_keys_user_ids: {
    async observe(app) {
      const res = await call(
        app,
        'POST',
        'users/me/subscriptions',
        { subscriptions: [{ name: 'Denmark' }] },
        ADMIN,
      );
      return Object.keys({ ...(res.body.subscribed as object), ...(res.body.already_subscribed as object) });
    },
    below: [ADMIN],
    at: ['11'],
  },
  apns_appid_required: {
    async observe(app) {
      const res = await call(app, 'POST', 'users/me/apns_device_token', { token: 'c3ZjLW1vY2stdG9rZW4=' });
      return [res.status, res.body.msg ?? null];
    },
    below: [200, ''],
    at: [400, "Missing 'appid' argument"],
  },
  delete_event_to_deleter: {
    async observe(app) {
      const { state } = app.store;
      const admin = state.usersByEmail.get(ADMIN)!.user_id;
      const channel = [...state.channels.values()].find(
        (c) => !c.invite_only && !c.is_archived && !state.subscribers.get(c.stream_id)!.has(admin),
      )!;
      const sent = await call(app, 'POST', 'messages', {
        type: 'stream',
        to: channel.stream_id,
        topic: 't',
        content: 'x',
      });
      expect((await call(app, 'DELETE', `messages/${sent.body.id as number}`, {}, ADMIN)).status).toBe(200);
      const last = app.store.journal.at(-1)!;
      const type = typeof last.event === 'function' ? 'per-user' : last.event.type;
      return [type, [...last.users].includes(admin)];
    },
    below: ['delete_message', false],
    at: ['delete_message', true],
  },
  has_reaction_narrow: {
    observe: async (app) =>
      (await fetchNarrow(app, [{ operator: 'has', operand: 'reaction' }])).body.desc ?? 'ok',
    below: "unknown 'has' operand reaction",
    at: 'ok',
  },
  dm_narrow: {
    async observe(app) {
      const dm = await fetchNarrow(app, [{ operator: 'dm', operand: [ADMIN] }]);
      const isDm = await fetchNarrow(app, [{ operator: 'is', operand: 'dm' }]);
      const legacy = await fetchNarrow(app, [{ operator: 'pm-with', operand: ADMIN }]);
      return [dm.body.desc ?? 'ok', isDm.body.desc ?? 'ok', legacy.status];
    },
    below: ['unknown operator dm', "unknown 'is' operand dm", 200],
    at: ['ok', 'ok', 200],
  },
  followed_narrow: {
    observe: async (app) =>
      (await fetchNarrow(app, [{ operator: 'is', operand: 'followed' }])).body.desc ?? 'ok',
    below: "unknown 'is' operand followed",
    at: 'ok',
  },
  muted_narrow: {
    observe: async (app) =>
      (await fetchNarrow(app, [{ operator: 'is', operand: 'muted' }])).body.desc ?? 'ok',
    below: "unknown 'is' operand muted",
    at: 'ok',
  },
  detached_uploads: {
    async observe(app) {
      const sent = await call(app, 'POST', 'messages', {
        type: 'stream',
        to: 'Denmark',
        topic: 't',
        content: 'x',
      });
      const edit = await call(app, 'PATCH', `messages/${sent.body.id as number}`, { content: 'y' });
      return 'detached_uploads' in edit.body;
    },
    below: false,
    at: true,
  },
  users_user_ids: {
    async observe(app) {
      const id = app.store.state.usersByEmail.get(ADMIN)!.user_id;
      return ((await call(app, 'GET', 'users', { user_ids: [id] })).body.members as unknown[]).length === 1;
    },
    below: false,
    at: true,
  },
  read_by_sender: {
    async observe(app) {
      const params = { type: 'stream', to: 'Denmark', topic: 't', content: 'x', read_by_sender: true };
      const sent = await call(app, 'POST', 'messages', params);
      const got = await call(app, 'GET', `messages/${sent.body.id as number}`, {});
      return (got.body.message as { flags: string[] }).flags.includes('read');
    },
    below: false,
    at: true,
  },
  multiuse_invites_for_members: {
    async observe(app) {
      const { settings, systemGroupIds } = app.store.state;
      settings.create_multiuse_invite_group = systemGroupIds.get('role:members')!;
      return (await call(app, 'POST', 'invites/multiuse', { stream_ids: [] })).status;
    },
    below: 400,
    at: 200,
  },
  group_in_use_code: {
    async observe(app) {
      app.store.state.channels.get(3)!.can_send_message_group = 9;
      const res = await call(app, 'POST', 'user_groups/9/deactivate', {}, 'desdemona@svc.test');
      return [res.status, res.body.code, 'objections' in res.body];
    },
    below: [400, 'BAD_REQUEST', false],
    at: [400, 'CANNOT_DEACTIVATE_GROUP_IN_USE', true],
  },
  channel_narrow: {
    async observe(app) {
      const narrow = [{ operator: 'channel', operand: 'Denmark' }];
      const res = await call(app, 'GET', 'messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow,
      });
      return [res.status, res.body.desc ?? null];
    },
    below: [400, 'unknown operator channel'],
    at: [200, null],
  },
  reaction_does_not_exist_code: {
    async observe(app) {
      const id = Math.max(...app.store.state.messages.keys());
      return (await call(app, 'DELETE', `messages/${id}/reactions`, { emoji_name: 'octopus' })).body.code;
    },
    below: 'BAD_REQUEST',
    at: 'REACTION_DOES_NOT_EXIST',
  },
};

describe('behaviours beyond the spec table', () => {
  it.each(Object.keys(OTHER_CASES) as BehaviourName[])(
    '%s: at the level below and at its level',
    async (name) => {
      const { observe, below, at } = OTHER_CASES[name]!;
      const level = BEHAVIOURS[name].level;
      expect({ below: await observe(appAt(level - 1)), at: await observe(appAt(level)) }).toEqual({
        below,
        at,
      });
    },
  );

  it('sets can_send_message_group from is_announcement_only below level 1 and stream_post_policy from it', async () => {
    for (const level of [0, 1, 332, NEWEST_FEATURE_LEVEL]) {
      const app = appAt(level);
      const legacy = level === 0 ? { is_announcement_only: true } : { stream_post_policy: 2 };
      const params = { subscriptions: [{ name: 'Announcements' }], ...legacy };
      expect((await call(app, 'POST', 'users/me/subscriptions', params, ADMIN)).status).toBe(200);
      const channel = [...app.store.state.channels.values()].find((c) => c.name === 'Announcements')!;
      expect(channel.can_send_message_group).toBe(app.store.state.systemGroupIds.get('role:administrators'));
    }
  });

  it('POST /typing takes "private" below level 174 and "direct" from it', async () => {
    const statuses = async (level: number) => {
      const app = appAt(level);
      const to = [app.store.state.usersByEmail.get(ADMIN)!.user_id];
      const typing = async (type: string) =>
        (await call(app, 'POST', 'typing', { type, op: 'start', to })).status;
      return { private: await typing('private'), direct: await typing('direct') };
    };
    expect(await statuses(173)).toEqual({ private: 200, direct: 400 });
    expect(await statuses(174)).toEqual({ private: 400, direct: 200 });
  });

  it('reads invite_expires_in_days below level 126 and ignores it from 126 on', async () => {
    const expiry = async (level: number) => {
      const app = appAt(level);
      const params = { invitee_emails: 'new@example.test', stream_ids: [], invite_expires_in_days: 2 };
      expect((await call(app, 'POST', 'invites', params, ADMIN)).status).toBe(200);
      const invite = [...app.store.state.invitations.values()].at(-1)!;
      return (invite.expiry_date! - invite.invited) / 60;
    };
    expect([await expiry(125), await expiry(126)]).toEqual([2 * 24 * 60, 14400]);
  });
});
