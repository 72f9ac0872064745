/** POST /register idle_queue_timeout (level 481): the queue lives that long without polling, and says so. */
import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.js';
import { createManualClock, type ManualClock } from '../../store/clock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { TEST_START_MS, basicAuth, encodeValue } from '../../testing/transports.js';
import { levelOf, NEWEST_FEATURE_LEVEL } from '../../versions/index.js';

const HAMLET = 'hamlet@svc.test';
const FROM = levelOf('idle_queue_timeout');

function appAt(level: number): { app: App; clock: ManualClock } {
  const clock = createManualClock(TEST_START_MS);
  return { app: createApp({ realm: preparedDevRealm(), clock, featureLevel: level }), clock };
}

async function call(
  app: App,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
  email = HAMLET,
) {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, encodeValue(v)]));
  const query = method === 'GET' ? `?${form}` : '';
  const res = await app.fetch(
    new Request(`http://localhost/api/v1${path}${query}`, {
      method,
      headers: { authorization: basicAuth(app, email) },
      ...(method === 'GET' ? {} : { body: form }),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Whether the queue still answers a non-blocking poll. */
const alive = async (app: App, queueId: unknown) =>
  (await call(app, 'GET', '/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).status ===
  200;

describe(`POST /register idle_queue_timeout from level ${FROM}`, () => {
  it.each([
    [3600, 3600],
    ['mobile', 12 * 3600],
    [30 * 24 * 3600, 7 * 24 * 3600],
  ])(
    'idle_queue_timeout=%s keeps the queue %i seconds without polling and answers that',
    async (asked, secs) => {
      const { app, clock } = appAt(NEWEST_FEATURE_LEVEL);
      const res = await call(app, 'POST', '/register', {
        event_types: ['message'],
        idle_queue_timeout: asked,
      });
      expect(res.status).toBe(200);
      expect(res.body.idle_queue_timeout_secs).toBe(secs);
      await clock.advance((secs - 60) * 1000);
      expect(await alive(app, res.body.queue_id)).toBe(true);
      // The poll above restarted the idle time: the full timeout passes again before the queue goes.
      await clock.advance((secs + 60) * 1000);
      expect(await alive(app, res.body.queue_id)).toBe(false);
    },
  );

  it('answers the default of 10 minutes when the client asks for none', async () => {
    const { app } = appAt(NEWEST_FEATURE_LEVEL);
    expect((await call(app, 'POST', '/register', {})).body.idle_queue_timeout_secs).toBe(600);
  });

  it('refuses a timeout of 0 or an unknown word', async () => {
    const { app } = appAt(NEWEST_FEATURE_LEVEL);
    expect((await call(app, 'POST', '/register', { idle_queue_timeout: 0 })).status).toBe(400);
    expect((await call(app, 'POST', '/register', { idle_queue_timeout: 'desktop' })).status).toBe(400);
  });

  it(`ignores the parameter at ${FROM - 1} (listed as unsupported) and sends no idle_queue_timeout_secs`, async () => {
    const { app, clock } = appAt(FROM - 1);
    const res = await call(app, 'POST', '/register', { idle_queue_timeout: 3600 });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('idle_queue_timeout_secs');
    expect(res.body.ignored_parameters_unsupported).toEqual(['idle_queue_timeout']);
    // The default lifespan applies: gone after 10 minutes without polling.
    await clock.advance(11 * 60 * 1000);
    expect(await alive(app, res.body.queue_id)).toBe(false);
  });
});

describe('can_create_topic_group on channels and subscriptions (level 441)', () => {
  it('is role:everyone by default, is set with PATCH /streams/{id}, and is absent at 440', async () => {
    const { app } = appAt(NEWEST_FEATURE_LEVEL);
    const groups = app.store.state.systemGroupIds;
    const subs = (await call(app, 'GET', '/users/me/subscriptions')).body.subscriptions as Array<
      Record<string, unknown>
    >;
    const channel = subs[0]!;
    expect(channel.can_create_topic_group).toBe(groups.get('role:everyone'));
    const patched = await call(
      app,
      'PATCH',
      `/streams/${String(channel.stream_id)}`,
      { can_create_topic_group: JSON.stringify({ new: groups.get('role:administrators') }) },
      'iago@svc.test',
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const after = (await call(app, 'GET', `/streams/${String(channel.stream_id)}`)).body.stream as Record<
      string,
      unknown
    >;
    expect(after.can_create_topic_group).toBe(groups.get('role:administrators'));
    const old = appAt(levelOf('field_can_create_topic_group') - 1).app;
    const oldSubs = (await call(old, 'GET', '/users/me/subscriptions')).body.subscriptions as Array<
      Record<string, unknown>
    >;
    expect(oldSubs[0]).not.toHaveProperty('can_create_topic_group');
  });
});
