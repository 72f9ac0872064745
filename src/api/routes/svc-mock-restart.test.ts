import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { pollNow, registerQueue, untilParked } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';
import { NEWEST_FEATURE_LEVEL } from '../../versions/index.js';
import type { MockControl } from '../control.js';

/** The route only needs the control API to be on; it never calls it. */
const CONTROL_ON = {} as MockControl;

describeTransports('POST /svc-mock/restart', (t) => {
  const on = () => {
    t().app.services.control = CONTROL_ON;
  };

  it('sends every queue a restart event with the version fields and a newer server generation', async () => {
    on();
    const before = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['realm'] });
    expect(before.body.server_generation).toBe(1);
    const member = before.body.queue_id as string;
    const admin = await registerQueue(t().as(ADMIN), { event_types: ['restart', 'message'] });
    const answer = await t().anonymous.post('/svc-mock/restart');
    expect(answer.status).toBe(200);
    expect(answer.body.queues).toBe(2);
    const generation = answer.body.server_generation as number;
    expect(generation).toBeGreaterThan(1);
    const expected = {
      type: 'restart',
      svc_feature_level: NEWEST_FEATURE_LEVEL,
      svc_version: t().app.services.version,
      svc_merge_base: t().app.services.mergeBase,
      server_generation: generation,
    };
    for (const [client, queue] of [
      [t().as(MEMBER), member],
      [t().as(ADMIN), admin],
    ] as const)
      expect((await pollNow(client, queue, -1)).body.events).toEqual([{ id: 0, ...expected }]);
    const after = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['realm'] });
    expect(after.body.server_generation).toBe(generation);
  });

  it('wakes a parked poll, merges a pending restart into the newer one and skips queues without restart in event_types', async () => {
    on();
    const parked = await registerQueue(t().as(MEMBER));
    const waiting = t().as(MEMBER).get('events', { queue_id: parked, last_event_id: -1 });
    await untilParked(t().app, parked);
    const pending = await registerQueue(t().as(ADMIN));
    const deaf = await registerQueue(t().as(ADMIN), { event_types: ['message'] });
    expect((await t().anonymous.post('/svc-mock/restart')).body.queues).toBe(3 - 1);
    expect((await waiting).body.events).toMatchObject([{ id: 0, type: 'restart' }]);
    const second = (await t().anonymous.post('/svc-mock/restart')).body.server_generation as number;
    // One restart left: the newest, with the newest id; the first id is still acknowledgeable.
    expect((await pollNow(t().as(ADMIN), pending, -1)).body.events).toEqual([
      expect.objectContaining({ id: 1, type: 'restart', server_generation: second }),
    ]);
    expect((await pollNow(t().as(ADMIN), pending, 0)).body.events).toHaveLength(1);
    expect((await pollNow(t().as(ADMIN), deaf, -1)).body.events).toEqual([]);
  });

  it('is an unknown endpoint without the control API', async () => {
    const answer = await t().anonymous.post('/svc-mock/restart', {}, { unchecked: true });
    expect(answer.status).toBe(404);
  });
});

describeTransports(
  'POST /svc-mock/restart at level 239',
  (t) => {
    it('tells clients to reload at once (immediate) below level 240', async () => {
      t().app.services.control = CONTROL_ON;
      const queue = await registerQueue(t().as(MEMBER));
      await t().anonymous.post('/svc-mock/restart');
      expect((await pollNow(t().as(MEMBER), queue, -1)).body.events).toEqual([
        expect.objectContaining({ type: 'restart', svc_feature_level: 239, immediate: true }),
      ]);
    });
  },
  { featureLevel: 239 },
);
