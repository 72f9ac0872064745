import { describe, expect, it } from 'vitest';
import { parseScenario } from './loader.js';
import { createMockTarget, devRealmAccounts } from './mock-target.js';
import { runScenario } from './runner.js';
import type { FetchLike } from './session.js';
import { alterTarget, type Target } from './target.js';
import type { FailureKind } from './transcript.js';

const scenario = parseScenario(
  `
name: two messages reach a subscriber in order
mutates: true
actors: { alice: member, bob: member }
steps:
  - as: bob
    register: { event_types: [message] }
  - as: alice
    request: POST /messages
    params: { type: channel, to: Verona, topic: "deviation {run}", content: first }
    expect: { body: { id: { $type: integer } } }
    capture: { m1: /id }
  - as: alice
    request: POST /messages
    params: { type: channel, to: Verona, topic: "deviation {run}", content: second }
    capture: { m2: /id }
  - await_events:
      queue: bob
      timeout: 200ms
      order: strict
      only: true
      events:
        - { type: message, message: { id: "{m1}" } }
        - { type: message, message: { id: "{m2}" } }
  - as: alice
    request: GET /messages/{m1}
    expect:
      body: { message: { id: "{m1}", stream_id: { $type: integer } } }
`,
  'deviation.yaml',
);

type Alter = (
  request: Request,
  body: Record<string, unknown>,
  status: number,
) => { body: unknown; status: number };

/** A target whose answers to one endpoint are rewritten, as a deliberately different server would answer. */
function altered(method: string, path: RegExp, alter: Alter): Target {
  return alterTarget(
    createMockTarget({ featureLevel: 435 }),
    async (request, response: Response, _fetch: FetchLike) => {
      const url = new URL(request.url);
      if (request.method !== method || !path.test(url.pathname)) return response;
      const body = (await response.json()) as Record<string, unknown>;
      const out = alter(request, body, response.status);
      return new Response(JSON.stringify(out.body), { status: out.status, headers: response.headers });
    },
  );
}

const events = (body: Record<string, unknown>): Array<Record<string, unknown>> =>
  Array.isArray(body.events) ? (body.events as Array<Record<string, unknown>>) : [];

async function kindsOn(target: Target): Promise<FailureKind[]> {
  // A manual clock: waiting for a missing event passes its time-out at once.
  let clock = 1_800_000_000_000;
  const result = await runScenario(scenario, {
    target,
    accounts: devRealmAccounts(),
    featureLevel: 435,
    runId: 'dev',
    now: () => clock,
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
  });
  return [...new Set(result.failures.map((f) => f.kind))].sort();
}

describe('deviation detection', () => {
  it('passes against the unaltered mock', async () => {
    expect(await kindsOn(createMockTarget({ featureLevel: 435 }))).toEqual([]);
  });

  it.each<[string, FailureKind[], Target]>([
    [
      'a dropped field',
      ['mismatch'],
      altered('GET', /\/messages\/\d+$/, (_r, body, status) => {
        delete (body.message as Record<string, unknown>).stream_id;
        return { body, status };
      }),
    ],
    ['a wrong status', ['status'], altered('POST', /\/messages$/, (_r, body) => ({ body, status: 201 }))],
    [
      'a missing event',
      ['missing-event'],
      altered('GET', /\/events$/, (_r, body, status) => ({
        body: {
          ...body,
          events: events(body).filter((e) => (e.message as { content?: string })?.content !== 'second'),
        },
        status,
      })),
    ],
    [
      'a duplicated event',
      ['unexpected-event'],
      altered('GET', /\/events$/, (_r, body, status) => {
        const list = events(body);
        return { body: { ...body, events: list.length ? [...list, list[0]!] : list }, status };
      }),
    ],
    [
      'a wrong order',
      ['event-order'],
      altered('GET', /\/events$/, (_r, body, status) => ({
        body: { ...body, events: [...events(body)].reverse() },
        status,
      })),
    ],
    [
      'a schema-breaking value',
      ['schema'],
      altered('GET', /\/messages\/\d+$/, (_r, body, status) => {
        (body.message as Record<string, unknown>).client = 42;
        return { body, status };
      }),
    ],
  ])('reports %s as exactly %j', async (_name, kinds, target) => {
    expect(await kindsOn(target)).toEqual(kinds);
  });
});
