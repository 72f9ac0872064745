import { describe, expect, it } from 'vitest';
import { parseScenario } from '../loader.js';
import type { RecordedExchange } from './exchange.js';
import type { Person } from './people.js';
import { toScenario } from './to-scenario.js';
import { renderScenario } from './write-scenario.js';

const T0 = 1_800_000_000_000;
const ALICE = { email: 'alice@example.com', apiKey: 'aliceSecretKey123456' };
const BOB = { email: 'bob@example.com', apiKey: 'bobSecretKey12345678' };

const person = (who: typeof ALICE, userId: number, extra: Partial<Person> = {}): Person => ({
  actor: '',
  baseName: { role: 'member', index: 0 },
  role: 'member',
  identity: true,
  emails: [who.email],
  email: who.email,
  apiKey: who.apiKey,
  userId,
  fullName: who.email.split('@')[0],
  ...extra,
});

let seq = 0;
function exchange(
  method: string,
  path: string,
  who: typeof ALICE | null,
  params: Record<string, string>,
  status: number,
  body: unknown,
): RecordedExchange {
  seq++;
  return {
    seq,
    startedAt: T0 + seq * 1000,
    endedAt: T0 + seq * 1000 + 10,
    method,
    path,
    params,
    credentials: who,
    status,
    contentType: 'application/json',
    body,
  };
}

const record = (exchanges: RecordedExchange[], people: Person[]) => {
  const result = toScenario(exchanges, people, { target: 'http://chat.test', recordedAt: new Date(T0) });
  const text = renderScenario(result.scenario);
  parseScenario(text, 'recorded.yaml');
  return { ...result, text };
};

describe('toScenario', () => {
  it('writes e-mails of no known account as per-run addresses and never a key', () => {
    const { scenario, text } = record(
      [
        exchange(
          'POST',
          '/api/v1/invites',
          ALICE,
          { invitee_emails: 'new.person@corp.test', api_key: ALICE.apiKey },
          200,
          {
            result: 'success',
            msg: '',
          },
        ),
        exchange('GET', '/api/v1/invites', ALICE, {}, 200, {
          result: 'success',
          invites: [{ id: 41, email: 'new.person@corp.test', invited: 1_800_000_001, invited_by_user_id: 7 }],
        }),
        exchange('DELETE', '/api/v1/invites/41', ALICE, {}, 200, { result: 'success', msg: '' }),
        exchange('GET', '/api/v1/users/me', ALICE, {}, 200, {
          result: 'success',
          email: ALICE.email,
          api_key: ALICE.apiKey,
          avatar_url: 'https://chat.test/avatar/7',
        }),
      ],
      [person(ALICE, 7)],
    );
    for (const secret of [ALICE.apiKey, ALICE.email, 'new.person@corp.test'])
      expect(text).not.toContain(secret);
    const [invite, list, me] = scenario.steps;
    // The revoke of the invitation the recording made is clean-up: it runs as teardown.
    const [revoke] = scenario.teardown!;
    expect(invite!.params).toEqual({ invitee_emails: 'recorded1.{run}@corp.test' });
    expect(list!.capture).toEqual({ invite1: '/invites/0/id' });
    expect(list!.expect!.body).toEqual({
      result: 'success',
      invites: [
        {
          id: { $type: 'integer' },
          email: 'recorded1.{run}@corp.test',
          invited: { $near: { value: '{now}', within: 60 } },
          invited_by_user_id: '{member.user_id}',
        },
      ],
    });
    expect(revoke!.request).toBe('DELETE /invites/{invite1}');
    expect(me!.expect!.body).toEqual({
      result: 'success',
      email: '{member.email}',
      api_key: { $type: 'string' },
      avatar_url: { $type: 'string' },
    });
  });

  it('names actors by role in book order, or by e-mail when the accounts do not list them', () => {
    const carol = { email: 'carol.x@example.com', apiKey: 'carolSecretKey123456' };
    const { scenario } = record(
      [
        exchange('GET', '/api/v1/users/me', carol, {}, 200, { result: 'success' }),
        exchange('GET', '/api/v1/users/me', BOB, {}, 200, { result: 'success' }),
        exchange('GET', '/api/v1/users/me', ALICE, {}, 200, { result: 'success' }),
        exchange('GET', '/api/v1/server_settings', null, {}, 200, { result: 'success' }),
      ],
      [
        person(ALICE, 7),
        person(BOB, 8, { baseName: { role: 'administrator', index: 0 }, role: 'administrator' }),
        person(carol, 9, { baseName: { fixed: 'carol_x' }, role: 'guest' }),
      ],
    );
    expect(scenario.actors).toEqual({
      member: 'member',
      administrator: 'administrator',
      carol_x: 'guest',
      anonymous: 'none',
    });
    expect(scenario.steps.map((s) => s.as)).toEqual(['carol_x', 'administrator', 'member', 'anonymous']);
    expect(scenario.mutates).toBe(false);
  });

  it('keeps a poll of a queue it did not see registered as a request, and leaves out JSON bodies, with notes', () => {
    const poll = exchange(
      'GET',
      '/api/v1/events',
      ALICE,
      { queue_id: 'old-queue', last_event_id: '3' },
      200,
      {
        result: 'success',
        events: [{ id: 4, type: 'heartbeat' }],
      },
    );
    const restore = {
      ...exchange('POST', '/svc-mock/restore', null, {}, 200, {}),
      unreadableBody: 'application/json',
    };
    const { scenario, warnings } = record([poll, restore], [person(ALICE, 7)]);
    expect(scenario.steps).toHaveLength(1);
    expect(scenario.steps[0]!.request).toBe('GET /events');
    expect(warnings).toEqual([
      'GET /events of a queue registered before the recording is kept as a plain request',
      'POST /svc-mock/restore left out (a application/json body; scenarios send forms)',
    ]);
    expect(scenario.description).toContain('Notes: GET /events of a queue');
  });

  it('places an await after the requests sent before its poll answered, and trims long lists', () => {
    const register = exchange('POST', '/api/v1/register', BOB, { event_types: '["message"]' }, 200, {
      result: 'success',
      queue_id: 'q-1',
      last_event_id: -1,
    });
    const poll = exchange('GET', '/api/v1/events', BOB, { queue_id: 'q-1', last_event_id: '-1' }, 200, {
      result: 'success',
      events: [
        { id: 0, type: 'message', message: { id: 99, sender_id: 7, timestamp: 1_000_000_000 }, flags: [] },
      ],
    });
    const send = exchange(
      'POST',
      '/api/v1/messages',
      ALICE,
      { type: 'stream', to: 'Verona', content: 'x' },
      200,
      {
        result: 'success',
        id: 99,
      },
    );
    // The poll was sent before the message and answered after it.
    poll.endedAt = send.endedAt + 5;
    const list = exchange('GET', '/api/v1/messages', BOB, { anchor: 'newest' }, 200, {
      result: 'success',
      messages: [{ id: 1 }, { id: 2 }, { id: 99, content: '{literal}' }, { id: 3 }],
    });
    const { scenario } = record(
      [register, poll, send, list],
      [person(ALICE, 7), person(BOB, 8, { baseName: { role: 'member', index: 2 } })],
    );
    expect(scenario.actors).toEqual({ member: 'member', member2: 'member', member3: 'member' });
    expect(scenario.steps.map((s) => s.as)).toEqual(['member3', 'member', 'member3', 'member3']);
    expect(scenario.description).toContain('member2 only hold');
    expect(scenario.steps.map((s) => s.request ?? (s.register ? 'register' : 'await'))).toEqual([
      'register',
      'POST /messages',
      'await',
      'GET /messages',
    ]);
    expect(scenario.steps[2]!.await_events).toEqual({
      queue: 'queue1',
      events: [
        {
          type: 'message',
          message: { id: '{msg1}', sender_id: '{member.user_id}', timestamp: { $type: 'integer' } },
          flags: [],
        },
      ],
    });
    expect(scenario.steps[3]!.expect!.body).toEqual({
      result: 'success',
      messages: { $contains: [{ id: '{msg1}', content: '{{literal}' }] },
    });
  });

  it('writes times sent near the request relative to the replay (now+N) and captures created ids', () => {
    const schedule = exchange('POST', '/api/v1/scheduled_messages', ALICE, {}, 200, {
      result: 'success',
      scheduled_message_id: 5,
    });
    schedule.params = {
      type: 'stream',
      to: '3',
      topic: 'later',
      content: 'x',
      scheduled_delivery_timestamp: String(Math.floor(schedule.startedAt / 1000) + 3600),
    };
    const drop = exchange('DELETE', '/api/v1/scheduled_messages/5', ALICE, {}, 200, { result: 'success' });
    const { scenario } = record([schedule, drop], [person(ALICE, 7)]);
    expect(scenario.steps[0]!.params).toEqual({
      type: 'stream',
      to: 3,
      // A topic the recording opened is a new one on each replay.
      topic: 'later {run}',
      content: 'x',
      scheduled_delivery_timestamp: '{now+3600}',
    });
    expect(scenario.steps[0]!.capture).toEqual({ sched1: '/scheduled_message_id' });
    expect(scenario.steps).toHaveLength(1);
    expect(scenario.teardown!.map((s) => s.request)).toEqual(['DELETE /scheduled_messages/{sched1}']);
  });
});
