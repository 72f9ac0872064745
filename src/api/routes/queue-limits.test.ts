import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { describeTransports, type TransportContext } from '../../testing/transports.js';

async function register(t: TransportContext, email: string): Promise<string> {
  const res = await t.as(email).post('register', { event_types: ['message'] });
  expect(res.status).toBe(200);
  return res.body.queue_id as string;
}

const live = (t: TransportContext, id: string): boolean => t.app.services.queues.get(id) !== undefined;

describeTransports(
  'event queue limits',
  (t) => {
    it("past the per-user limit, registering garbage-collects the user's oldest idle queue", async () => {
      const [q1, q2, q3] = [
        await register(t(), MEMBER),
        await register(t(), MEMBER),
        await register(t(), MEMBER),
      ];
      // q1 has a parked poll: it is in use, so the oldest idle one (q2) goes instead.
      const poll = t().as(MEMBER).get('events', { queue_id: q1, last_event_id: -1 });
      await new Promise<void>((resolve) => {
        const check = (): void =>
          t().app.services.queues.get(q1!)?.waiter ? resolve() : void setTimeout(check, 5);
        check();
      });
      const q4 = await register(t(), MEMBER);
      expect([q1, q2, q3, q4].map((id) => live(t(), id!))).toEqual([true, false, true, true]);
      const gone = await t().as(MEMBER).get('events', { queue_id: q2, last_event_id: -1, dont_block: true });
      expect(gone.body.code).toBe('BAD_EVENT_QUEUE_ID');
      await t().as(MEMBER).delete('events', { queue_id: q1 });
      expect((await poll).status).toBe(200);
    });

    it('past the total limit, registering garbage-collects the oldest idle queue of anyone', async () => {
      const mine = [await register(t(), MEMBER), await register(t(), MEMBER), await register(t(), MEMBER)];
      const admins = [await register(t(), ADMIN), await register(t(), ADMIN)];
      expect(t().app.services.queues.size).toBe(5);
      const another = await register(t(), ADMIN);
      expect(t().app.services.queues.size).toBe(5);
      expect(live(t(), mine[0]!)).toBe(false);
      expect([...mine.slice(1), ...admins, another].every((id) => live(t(), id))).toBe(true);
    });
  },
  { limits: { maxQueuesPerUser: 3, maxQueues: 5 } },
);
