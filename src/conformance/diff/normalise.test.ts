import { describe, expect, it } from 'vitest';
import type { ScenarioResult, StepRecord } from '../transcript.js';
import type { IdRef } from './normalise.js';
import { normaliseScenario, Stamp } from './normalise.js';

const START = 1_800_000_000_000;

function step(index: number, path: string, body: unknown, extra: Partial<StepRecord> = {}): StepRecord {
  return {
    section: 'steps',
    index,
    name: `POST ${path}`,
    outcome: 'passed',
    request: { method: 'POST', path: `/api/v1${path}`, params: {}, actor: 'alice', role: 'member' },
    response: { status: 200, headers: {}, body },
    captures: {},
    failures: [],
    ...extra,
  };
}

function result(steps: StepRecord[]): ScenarioResult {
  return {
    file: 'x.yaml',
    name: 'x',
    outcome: 'passed',
    runId: 'rabc',
    featureLevel: 435,
    steps,
    failures: [],
    durationMs: 1,
  };
}

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('normaliseScenario', () => {
  it('renames ids per kind by order of first appearance across steps', () => {
    const n = normaliseScenario(
      result([
        step(0, '/messages', { id: 4711 }),
        step(1, '/messages', { id: 4712 }),
        step(2, '/messages/4711', {
          message: { id: 4711, sender_id: 9, stream_id: 3 },
          user_ids: [9, 12],
        }),
      ]),
      { runId: 'rabc', startedAt: START },
    );
    expect(json(n.steps.map((s) => s.doc.body))).toEqual([
      { id: 'message#1=4711' },
      { id: 'message#2=4712' },
      {
        message: { id: 'message#1=4711', sender_id: 'user#1=9', stream_id: 'stream#1=3' },
        user_ids: ['user#1=9', 'user#2=12'],
      },
    ]);
    const first = (n.steps[2]!.doc.body as { message: { id: IdRef } }).message.id;
    expect([first.kind, first.ordinal, first.raw, first.label]).toEqual(['message', 1, 4711, 'message#1']);
  });

  it('renames queue ids and numeric ids also inside error messages, and replaces the run id and actor emails', () => {
    const n = normaliseScenario(
      result([
        step(0, '/register', { queue_id: 'f75f3804-a5a3-4a7d', last_event_id: -1 }),
        step(1, '/events', {
          msg: 'Bad event queue ID: f75f3804-a5a3-4a7d',
          detail: { msg: 'Not subscribed to channel id 13, 99', stream_id: 13, user_id: 13 },
          other: { msg: 'user 13 and 13' },
          queue_id: 'f75f3804-a5a3-4a7d',
          subject: 'topic rabc',
          sender_email: 'ALICE@example.com',
        }),
      ]),
      { runId: 'rabc', startedAt: START, emails: { alice: 'alice@example.com' } },
    );
    expect(json(n.steps[1]!.doc.body)).toEqual({
      msg: 'Bad event queue ID: {queue#1}',
      detail: {
        msg: 'Not subscribed to channel id {stream#1}, 99',
        stream_id: 'stream#1=13',
        user_id: 'user#1=13',
      },
      other: { msg: 'user {user#1} and 13' },
      queue_id: 'queue#1=f75f3804-a5a3-4a7d',
      subject: 'topic {run}',
      sender_email: '{alice.email}',
    });
  });

  it('makes timestamps made during the run relative to its start and leaves older ones absolute', () => {
    const n = normaliseScenario(
      result([
        step(0, '/messages/1', {
          message: { timestamp: START / 1000 + 12, last_edit_timestamp: 1_700_000_000 },
          date_joined: '2027-01-15T08:00:12.000000+00:00',
          user_topics: [{ last_updated: START / 1000 + 1, visibility_policy: 1 }],
        }),
      ]),
      { runId: 'rabc', startedAt: START },
    );
    const body = n.steps[0]!.doc.body as {
      message: { timestamp: Stamp; last_edit_timestamp: Stamp };
      date_joined: Stamp;
    };
    expect(body.message.timestamp).toBeInstanceOf(Stamp);
    expect(body.message.timestamp.offset).toBe(12);
    expect(body.message.last_edit_timestamp.offset).toBeUndefined();
    expect(body.message.last_edit_timestamp.seconds).toBe(1_700_000_000);
    expect(body.date_joined.offset).toBe(Date.parse('2027-01-15T08:00:12Z') / 1000 - START / 1000);
    expect(json(body.message.timestamp)).toBe(START / 1000 + 12);
    const topic = (
      n.steps[0]!.doc.body as { user_topics: Array<{ last_updated: Stamp; visibility_policy: unknown }> }
    ).user_topics[0]!;
    expect([topic.last_updated.offset, topic.visibility_policy]).toEqual([1, 1]);
  });

  it('orders the events of an await step by the expectations they matched, then the others', () => {
    const record: StepRecord = {
      section: 'steps',
      index: 0,
      name: 'await_events bob',
      outcome: 'passed',
      events: {
        queue: 'bob',
        received: [
          { type: 'reaction', id: 0, emoji_name: 'octopus' },
          { type: 'reaction', id: 1, emoji_name: 'heart' },
          { type: 'typing', id: 2 },
        ],
        matched: [1, 0],
        polls: 1,
      },
      captures: {},
      failures: [],
    };
    const n = normaliseScenario(result([record]), { runId: 'r', startedAt: START });
    expect(json(n.steps[0]!.doc)).toEqual({
      events: [
        { type: 'reaction', id: 'event#1=1', emoji_name: 'heart' },
        { type: 'reaction', id: 'event#2=0', emoji_name: 'octopus' },
        { type: 'typing', id: 'event#3=2' },
      ],
    });
  });

  it('reduces a skipped step to the fact that it was skipped', () => {
    const skipped = step(0, '/messages', null, { outcome: 'skipped', skipReason: 'needs feature level 999' });
    delete skipped.response;
    expect(normaliseScenario(result([skipped]), { runId: 'r', startedAt: START }).steps[0]!.doc).toEqual({
      skipped: true,
    });
  });
  it('renames random tokens by kind: invitation keys, temporary upload URLs, upload paths, keys in URLs', () => {
    const side = (invite: string, temp: string, path: string, key: string): unknown =>
      json(
        normaliseScenario(
          result([
            step(0, '/invites/multiuse', { invite_link: `http://h/join/${invite}/` }),
            step(1, '/invites', { invites: [{ id: 1, link_url: `http://h/join/${invite}/` }] }),
            step(2, '/user_uploads', {
              url: `/user_uploads/2/${path}/a.txt`,
              temp: `/user_uploads/temporary/${temp}/a.txt`,
              avatar: `https://h/avatar?s=80&api_key=${key}`,
              archived: 'abc1234!DEACTIVATED:old',
            }),
          ]),
          { runId: 'rabc', startedAt: START },
        ).steps.map((s) => s.doc.body),
      );
    const a = side(
      'agJRUvmFLsxZ0gS5JtfRMsI6',
      'B4mnzUlFxLiaNqoxaMdUXWO7i4UhK0wZ',
      'ab/0123456789abcdefghijkl',
      'k'.repeat(32),
    );
    const b = side(
      'qt0anAnJ446q4ifzfZar22IX',
      'Zqhe7lu7prsT0qpOSQ9CRUePcJhOdXws',
      'Zx/ZYXWVUTSRQPONMLKJIHGFE',
      'q'.repeat(32),
    );
    expect(a).toEqual(b);
    expect(a).toEqual([
      { invite_link: 'http://h/join/{invite_key#1}/' },
      { invites: [{ id: 'invite#1=1', link_url: 'http://h/join/{invite_key#1}/' }] },
      {
        url: '/user_uploads/2/{upload_path#1}/a.txt',
        temp: '/user_uploads/temporary/{upload_token#1}/a.txt',
        avatar: 'https://h/avatar?s=80&api_key={api_key#1}',
        archived: '{archive_prefix#1}!DEACTIVATED:old',
      },
    ]);
    // Two different invitations stay two.
    const two = json(
      normaliseScenario(
        result([
          step(0, '/invites', {
            links: ['/join/aaaaaaaaaaaaaaaaaaaaaaaa/', '/join/bbbbbbbbbbbbbbbbbbbbbbbb/'],
          }),
        ]),
        { runId: 'rabc', startedAt: START },
      ).steps[0]!.doc.body,
    );
    expect(two).toEqual({ links: ['/join/{invite_key#1}/', '/join/{invite_key#2}/'] });
  });
  it('reads a Unix time of the run inside a list as a timestamp (a muted topic [channel, topic, time])', () => {
    const at = (seconds: number): unknown =>
      (
        normaliseScenario(result([step(0, '/register', { muted_topics: [[3, 'x', seconds]] })]), {
          runId: 'rabc',
          startedAt: START,
        }).steps[0]!.doc.body as { muted_topics: unknown[][] }
      ).muted_topics[0]![2];
    expect(at(START / 1000 + 7)).toBeInstanceOf(Stamp);
    expect((at(START / 1000 + 7) as Stamp).offset).toBe(7);
    // A number far from the run stays a number.
    expect(at(12)).toBe(12);
  });
});
