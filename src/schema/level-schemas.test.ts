import { describe, expect, it } from 'vitest';
import { checkEvent } from '../conformance/checks.js';
import { LevelApps } from '../testing/level-client.js';
import { assertValidResponse } from '../testing/schema-check.js';
import { FIELDS } from '../versions/fields.js';
import { NEWEST_FEATURE_LEVEL, has } from '../versions/index.js';
import { checkValidatorAt, schemasAtLevel } from './level-schemas.js';

const IAGO = 'iago@svc.test';
// 332, 435, 484, 498 and 503: the web app's 10.0 schemas, the 11.x default, the reaction change, 12.0 and 13.0-dev.
const LEVELS = [...new Set([1, 167, 218, 330, 332, 435, 484, 498, 503, NEWEST_FEATURE_LEVEL])];
const apps = new LevelApps();
const ALL_CAPABILITIES = {
  notification_settings_null: true,
  linkifier_url_template: true,
  user_settings_object: true,
  archived_channels: true,
  include_deactivated_groups: true,
};

/** Sends a request and checks the answer against the schema of the app's level; returns the body. */
async function checked(
  level: number,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const { status, body } = await apps.send(level, IAGO, method, path, params);
  expect(status, `${method} ${path} at ${level}: ${JSON.stringify(body)}`).toBe(200);
  assertValidResponse(method, `/api/v1${path}`, status, body, level);
  return body;
}

describe('responses validate against the schemas of the level being served', () => {
  it.each(LEVELS)('a representative request set at level %i', async (level) => {
    const queue = await checked(level, 'POST', '/register', {
      client_capabilities: { notification_settings_null: true, linkifier_url_template: true },
    });
    await checked(level, 'POST', '/register', {
      client_capabilities: ALL_CAPABILITIES,
      include_subscribers: true,
    });
    await checked(level, 'POST', '/register', {});
    const streams = (await checked(level, 'GET', '/streams')).streams as Array<{ stream_id: number }>;
    await checked(level, 'GET', `/streams/${streams[0]!.stream_id}`);
    await checked(level, 'GET', '/users/me/subscriptions', { include_subscribers: true });
    await checked(level, 'GET', '/user_groups');
    await checked(level, 'GET', '/realm/linkifiers');
    const iago = apps.at(level).store.state.usersByEmail.get(IAGO)!.user_id;
    await checked(level, 'POST', '/user_groups/create', {
      name: 'schema probe',
      description: 'd',
      members: [iago],
    });
    await checked(level, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'schema probe' }],
      send_new_subscription_messages: true,
    });
    const fetched = await checked(level, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
    });
    const newestId = (fetched.messages as Array<{ id: number }>).at(-1)!.id;
    await checked(level, 'POST', `/messages/${newestId}/reactions`, { emoji_name: 'octopus' });
    const message = (await checked(level, 'GET', `/messages/${newestId}`)).message as {
      reactions: unknown[];
    };
    expect(message.reactions.length).toBeGreaterThan(0);
    const events = await checked(level, 'GET', '/events', {
      queue_id: queue.queue_id,
      last_event_id: -1,
      dont_block: true,
    });
    const list = events.events as Array<{ type: string }>;
    expect(list.map((e) => e.type)).toEqual(expect.arrayContaining(['user_group', 'stream', 'subscription']));
    list.forEach((event, i) => expect(checkEvent(event, `/events/${i}`, level)).toEqual([]));
  });

  it('refuses the newest register answer under the level-218 schema, and the 218 answer under the newest', async () => {
    const ref = 'endpoints/post-register.json#/$defs/response';
    const caps = { client_capabilities: { notification_settings_null: true } };
    const newest = (await apps.send(NEWEST_FEATURE_LEVEL, IAGO, 'POST', '/register', caps)).body;
    const old = (await apps.send(218, IAGO, 'POST', '/register', caps)).body;
    expect(checkValidatorAt(ref, NEWEST_FEATURE_LEVEL)(newest)).toBe(true);
    expect(checkValidatorAt(ref, 218)(old)).toBe(true);
    expect(checkValidatorAt(ref, 218)(newest)).toBe(false);
    expect(checkValidatorAt(ref, NEWEST_FEATURE_LEVEL)(old)).toBe(false);
  });

  it.each([
    [72, false],
    [73, true],
    [362, true],
    [363, false],
    [NEWEST_FEATURE_LEVEL, false],
  ] as const)(
    'user objects at level %i carry is_billing_admin: %s, which the schema of that level allows',
    async (level, sent) => {
      const users = (await checked(level, 'GET', '/users')).members as Array<Record<string, unknown>>;
      const iago = apps.at(level).store.state.usersByEmail.get(IAGO)!.user_id;
      const one = (await checked(level, 'GET', `/users/${iago}`)).user as Record<string, unknown>;
      for (const user of [...users, one]) expect('is_billing_admin' in user).toBe(sent);
      const validate = checkValidatorAt('resources/user.json', level);
      const { is_billing_admin: _dropped, ...without } = one;
      expect(validate({ ...without, is_billing_admin: false })).toBe(sent);
      expect(validate({ ...without, is_billing_admin: 'no' })).toBe(false);
      expect(validate(without)).toBe(true);
    },
  );

  it('sends no register key of a level above the one served (every register rule of the fields table)', async () => {
    for (const level of [1, 72, 167, 218]) {
      const body = await checked(level, 'POST', '/register', {
        client_capabilities: { notification_settings_null: true, linkifier_url_template: true },
      });
      const settings = (body.user_settings ?? {}) as Record<string, unknown>;
      const later = (kind: 'register' | 'user_settings') =>
        Object.entries(FIELDS[kind]).filter(([, rule]) => !has(rule.since, level));
      expect(later('register').length).toBeGreaterThan(0);
      for (const [field, rule] of [...later('register'), ...later('user_settings')]) {
        // A later field is absent, or present under its older name or in its older form only.
        const older = rule.oldName === undefined && rule.oldValue !== undefined;
        if (older) continue;
        expect(body, `${field} at ${level}`).not.toHaveProperty([field]);
        expect(settings, `user_settings.${field} at ${level}`).not.toHaveProperty([field]);
      }
    }
  });

  it('makes later fields forbidden and renamed fields take their older names', () => {
    const byId = new Map(schemasAtLevel(150).map((s) => [s.$id, s]));
    const channel = byId.get('resources/channel.json') as { properties: object; required: string[] };
    expect(channel.properties).not.toHaveProperty('creator_id');
    expect(channel.required).not.toContain('creator_id');
    const subscription = byId.get('resources/subscription.json') as {
      properties: object;
      required: string[];
    };
    expect(subscription.properties).toHaveProperty('can_remove_subscribers_group_id');
    expect(subscription.required).toContain('can_remove_subscribers_group_id');
    const linkifier = checkValidatorAt('resources/linkifier.json', 150);
    expect(linkifier({ id: 1, pattern: 'a', url_format_string: 'https://x/%(a)s' })).toBe(true);
    expect(linkifier({ id: 1, pattern: 'a', url_template: 'https://x/{a}' })).toBe(false);
  });
});
