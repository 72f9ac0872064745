import { describe, expect, it } from 'vitest';
import { checkDeliveries, hasOrder, type ReceivedSequence } from './check.js';
import { eventKeys, messageKey, peerKey, reactionKey } from './keys.js';
import { Oracle } from './oracle.js';
import { checkSoakOptions, parseSoakArgs, SOAK_DEFAULTS } from './options.js';

/** Two clients: client 0 sends m:1 to users 1 and 2 then reacts; client 1 sends m:2 to users 1 and 2. */
function oracle(): Oracle {
  const o = new Oracle();
  o.record(0, 'send 1', [{ key: messageKey(1), users: [1, 2] }]);
  o.record(1, 'send 2', [{ key: messageKey(2), users: [1, 2] }]);
  o.record(0, 'react', [{ key: reactionKey('add', 1, 1, '1f389'), users: [1, 2] }]);
  return o;
}

function queue(o: Oracle, userId: number, keys: string[]): ReceivedSequence {
  return { name: `q${userId}`, userId, received: keys.map((k) => o.keys.id(k)) };
}

const m1 = messageKey(1);
const m2 = messageKey(2);
const r1 = reactionKey('add', 1, 1, '1f389');

describe('checkDeliveries', () => {
  it('passes queues that received exactly their events in one order', () => {
    const o = oracle();
    const result = checkDeliveries(o, [queue(o, 1, [m1, m2, r1]), queue(o, 2, [m1, m2, r1])]);
    expect(result).toEqual({ missing: 0, unexpected: 0, orderConflict: false, examples: [] });
  });

  it('counts a lost event as missing and names it', () => {
    const o = oracle();
    const result = checkDeliveries(o, [queue(o, 1, [m1, r1])]);
    expect(result.missing).toBe(1);
    expect(result.examples[0]).toContain('missing m:2');
  });

  it('counts a duplicate and an event for another audience as unexpected', () => {
    const o = oracle();
    const result = checkDeliveries(o, [queue(o, 1, [m1, m2, m2, r1]), queue(o, 3, [m1])]);
    expect(result.unexpected).toBe(2);
    expect(result.examples).toEqual(['q1: a duplicate of m:2', 'q3: unexpected m:1']);
  });

  it('finds two queues that saw two events in opposite orders', () => {
    const o = oracle();
    // m:1 and m:2 come from different clients, but one server gives every queue the same order.
    const result = checkDeliveries(o, [queue(o, 1, [m1, m2, r1]), queue(o, 2, [m2, m1, r1])]);
    expect(result.orderConflict).toBe(true);
    expect(result.examples).toHaveLength(1);
  });

  it('accepts queues whose orders interleave consistently', () => {
    const o = oracle();
    const result = checkDeliveries(o, [queue(o, 1, [m2, m1, r1]), queue(o, 2, [m2, m1, r1])]);
    expect(result.orderConflict).toBe(false);
  });

  it('finds a queue that received a client’s actions out of the order they were sent', () => {
    const o = oracle();
    expect(checkDeliveries(o, [queue(o, 1, [r1, m1, m2])]).orderConflict).toBe(true);
  });
});

describe('hasOrder', () => {
  it('accepts a chain and refuses a cycle', () => {
    expect(hasOrder(3, new Set([0 * 3 + 1, 1 * 3 + 2]))).toBe(true);
    expect(hasOrder(3, new Set([0 * 3 + 1, 1 * 3 + 2, 2 * 3 + 0]))).toBe(false);
  });
});

describe('eventKeys', () => {
  it('names the events the soak causes and marks others unexpected', () => {
    expect(eventKeys({ type: 'message', message: { id: 5 }, id: 0 }, 9)).toEqual(['m:5']);
    expect(eventKeys({ type: 'delete_message', message_ids: [5, 6] }, 9)).toEqual(['d:5', 'd:6']);
    expect(eventKeys({ type: 'subscription', op: 'add', subscriptions: [{ stream_id: 3 }] }, 9)).toEqual([
      's+:3:9',
    ]);
    expect(eventKeys({ type: 'subscription', op: 'peer_add', stream_ids: [3], user_ids: [4] }, 9)).toEqual([
      peerKey('peer_add', 3, 4),
    ]);
    expect(eventKeys({ type: 'heartbeat' }, 9)).toEqual([]);
    expect(eventKeys({ type: 'typing' }, 9)).toEqual(['?:typing']);
  });
});

describe('parseSoakArgs', () => {
  it('reads the flags and keeps the defaults of the others', () => {
    expect(parseSoakArgs(['--duration', '5', '--queues=100', '--users', '10'])).toEqual({
      ...SOAK_DEFAULTS,
      durationSec: 5,
      queues: 100,
      users: 10,
    });
  });

  it('refuses more queues per user than the server allows, and unknown flags', () => {
    expect(() => checkSoakOptions({ ...SOAK_DEFAULTS, queues: 1000, users: 9 })).toThrow(
      /100 queues per user/,
    );
    expect(() => parseSoakArgs(['--clients', '3'])).toThrow(/unknown option --clients/);
  });
});
