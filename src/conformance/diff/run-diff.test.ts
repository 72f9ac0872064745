import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_LEVEL } from '../../api/services.js';
import { createMockTarget } from '../mock-target.js';
import { alterTarget, type Target } from '../target.js';
import { runConformanceDiff, type DiffOptions } from './run-diff.js';
import type { DiffReport } from './report.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const messagesScenario = `name: two messages, one fetched by id, both in their topic's narrow
mutates: true
actors: { alice: member, bob: member, boss: administrator }
steps:
  - as: bob
    register: { event_types: [message] }
  - as: alice
    request: POST /messages
    params: { type: channel, to: Verona, topic: 'diff {run}', content: one }
    capture: { one: /id }
  - as: alice
    request: POST /messages
    params: { type: channel, to: Verona, topic: 'diff {run}', content: two }
    capture: { two: /id }
  - await_events:
      queue: bob
      events: [{ type: message, message: { id: '{one}' } }, { type: message, message: { id: '{two}' } }]
  - as: alice
    request: GET /messages/{one}
    params: { apply_markdown: false }
  - as: alice
    request: GET /messages
    params:
      anchor: newest
      num_before: 10
      num_after: 0
      apply_markdown: false
      narrow: [{ operator: channel, operand: Verona }, { operator: topic, operand: 'diff {run}' }]
    expect: { status: [200, 202] }
teardown:
  - { as: boss, request: 'DELETE /messages/{one}' }
  - { as: boss, request: 'DELETE /messages/{two}' }
`;

const levelScenario = `name: settings and a missing channel
mutates: false
actors: { alice: member }
steps:
  - request: GET /server_settings
  - request: GET /streams/999999
    expect: { status: 400 }
`;

const messagesFile = join(dir, 'messages.yaml');
const levelFile = join(dir, 'level.yaml');
writeFileSync(messagesFile, messagesScenario);
writeFileSync(levelFile, levelScenario);

type Alter = Parameters<typeof alterTarget>[1];

/** Rewrites the JSON body of responses to requests whose path matches. */
function rewriteJson(
  match: RegExp,
  edit: (body: Record<string, unknown>, response: Response) => Response | void,
): Alter {
  return async (request, response) => {
    if (!match.test(new URL(request.url).pathname)) return response;
    const body = (await response.json()) as Record<string, unknown>;
    const replaced = edit(body, response);
    return replaced ?? Response.json(body, { status: response.status, headers: response.headers });
  };
}

async function diff(
  files: string[],
  targets: { a?: (level?: number) => Target; b?: (level?: number) => Target },
  extra: Partial<DiffOptions> = {},
): Promise<{ code: number; report?: DiffReport; out: string; err: string }> {
  let report: DiffReport | undefined;
  let out = '';
  let err = '';
  const code = await runConformanceDiff(
    { files, against: 'mock', aliases: [], reporters: [{ kind: 'console' }], ...extra },
    {
      out: (t) => (out += t),
      err: (t) => (err += t),
      onReport: (r) => (report = r),
      makeTarget: (_spec, side, level) =>
        (side === 'A' ? targets.a : targets.b)?.(level) ?? createMockTarget({ featureLevel: level }),
    },
  );
  return { code, report, out, err };
}

const entriesOf = (report: DiffReport | undefined): Array<[string, string, unknown, unknown]> =>
  report!.scenarios.flatMap((s) =>
    s.entries.map((e): [string, string, unknown, unknown] => [
      e.step,
      e.pointer,
      JSON.parse(JSON.stringify(e.a ?? null)),
      JSON.parse(JSON.stringify(e.b ?? null)),
    ]),
  );

describe('conformance diff', () => {
  it('finds no difference between the mock and itself (fresh queue ids, new message ids and timestamps)', async () => {
    const result = await diff([messagesFile, levelFile], {});
    expect(result.err).toBe('');
    expect(entriesOf(result.report)).toEqual([]);
    expect(result.report!.scenarios.map((s) => [s.a.outcome, s.b.outcome])).toEqual([
      ['passed', 'passed'],
      ['passed', 'passed'],
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('SAME two messages, one fetched by id');
  }, 60_000);

  it('against mock, the reference runs at the feature level of A', async () => {
    const levels: Array<number | undefined> = [];
    const result = await diff([levelFile], {}, { featureLevel: 300 });
    expect(result.report!.a.featureLevel).toBe(300);
    expect(result.report!.b.featureLevel).toBe(300);
    await runConformanceDiff(
      { files: [levelFile], against: 'mock', aliases: [], reporters: [], featureLevel: 300 },
      {
        out: () => {},
        err: () => {},
        makeTarget: (_spec, _side, level) => {
          levels.push(level);
          return createMockTarget({ featureLevel: level });
        },
      },
    );
    expect(levels).toEqual([300, 300]);
    expect(result.code).toBe(0);
  }, 60_000);

  it('shows exactly what a mock at an older feature level answers differently', async () => {
    const result = await diff([levelFile], {}, { againstFeatureLevel: 250 });
    expect(entriesOf(result.report)).toEqual([
      ['steps[0] GET /server_settings', '/body/svc_feature_level', DEFAULT_FEATURE_LEVEL, 250],
      // The version of the default level moves with the mock's newest level.
      [
        'steps[0] GET /server_settings',
        '/body/svc_version',
        expect.stringMatching(/^\d+\.0-dev$/),
        '9.0-dev',
      ],
      [
        'steps[0] GET /server_settings',
        '/body/svc_merge_base',
        expect.stringMatching(/^\d+\.0-dev$/),
        '9.0-dev',
      ],
      // realm_url came at level 257 (realm_uri before and after).
      ['steps[0] GET /server_settings', '/body/realm_url', 'http://localhost:9991', null],
      ['steps[1] GET /streams/999999', '/body/msg', 'Invalid channel ID', 'Invalid stream ID'],
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/\/body\/msg +"Invalid channel ID" +"Invalid stream ID"/);
  }, 60_000);

  it('shows exactly a dropped field, a changed status and a changed order of the same messages', async () => {
    // All on the last step: a side that fails a step stops there, and the steps it did not run would differ too.
    const altered = (level?: number): Target =>
      alterTarget(
        createMockTarget({ featureLevel: level }),
        rewriteJson(/^\/api\/v1\/messages$/, (body, response) => {
          if (!Array.isArray(body.messages)) return;
          delete body.found_anchor;
          body.messages.reverse();
          return Response.json(body, { status: 202, headers: response.headers });
        }),
      );
    const result = await diff([messagesFile], { b: altered });
    expect(entriesOf(result.report)).toEqual([
      ['steps[5] GET /messages', '/status', 200, 202],
      ['steps[5] GET /messages', '/body/found_anchor', false, null],
      // The same two messages, matched by id: one difference for their order, none per field.
      [
        'steps[5] GET /messages',
        '/body/messages',
        'order by id: message#2, message#3',
        'order by id: message#3, message#2',
      ],
    ]);
    expect(result.report!.scenarios[0]!.entries.map((e) => e.kind)).toEqual(['changed', 'only-a', 'changed']);
    // message#1 is register's max_message_id; the two new messages are #2 and #3 on both sides.
    // B's schema failure is shown beside the diff, not diffed.
    expect(result.report!.scenarios[0]!.b.outcome).toBe('failed');
    expect(result.out).toContain('B failed its expectations:');
    expect(result.code).toBe(1);
  }, 60_000);

  it('reports one extra subscription as one difference, whatever its place in the list', async () => {
    const subs = join(dir, 'subs.yaml');
    writeFileSync(
      subs,
      'name: my subscriptions\nmutates: false\nactors: { alice: member }\nsteps:\n  - request: GET /users/me/subscriptions\n',
    );
    const extra = (level?: number): Target =>
      alterTarget(
        createMockTarget({ featureLevel: level }),
        rewriteJson(/^\/api\/v1\/users\/me\/subscriptions$/, (body) => {
          const list = body.subscriptions as Array<Record<string, unknown>>;
          list.unshift({ ...list[0]!, stream_id: 99_999, name: 'aaa extra' });
        }),
      );
    const result = await diff([subs], { b: extra });
    expect(entriesOf(result.report).map(([step, pointer]) => [step, pointer])).toEqual([
      ['steps[0] GET /users/me/subscriptions', '/body/subscriptions/0'],
    ]);
    expect(result.report!.scenarios[0]!.entries[0]!.kind).toBe('only-b');
  }, 60_000);

  it('compares ids that differ only by value as equal (every message id of B offset by 1000)', async () => {
    const OFFSET = 1000;
    const sentIds: number[] = [];
    const shift = (value: unknown, by: number): unknown => (typeof value === 'number' ? value + by : value);
    const shiftIds = (node: unknown, parent: string): void => {
      if (Array.isArray(node)) node.forEach((n) => shiftIds(n, parent));
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>;
        for (const key of Object.keys(o)) {
          if (
            (key === 'id' && (parent === 'message' || parent === 'messages' || parent === '/messages')) ||
            key === 'max_message_id'
          )
            o[key] = shift(o[key], OFFSET);
          else shiftIds(o[key], key);
        }
      }
    };
    // B's server numbers messages from 1000 up: ids in requests are shifted back, ids in answers forward.
    const offsetTarget = (level?: number): Target => {
      const inner = createMockTarget({ featureLevel: level });
      return {
        ...inner,
        async session() {
          const session = await inner.session();
          return {
            ...session,
            fetch: async (request: Request) => {
              const url = new URL(request.url);
              url.pathname = url.pathname.replace(
                /\/messages\/(\d+)/,
                (_, id: string) => `/messages/${Number(id) - OFFSET}`,
              );
              const response = await session.fetch(new Request(url, request));
              const text = await response.text();
              if (!text.startsWith('{')) return new Response(text, response);
              const body = JSON.parse(text) as Record<string, unknown>;
              shiftIds(
                body,
                url.pathname.endsWith('/messages') && request.method === 'POST' ? '/messages' : '',
              );
              if (url.pathname.endsWith('/messages') && request.method === 'POST')
                sentIds.push(body.id as number);
              return Response.json(body, { status: response.status, headers: response.headers });
            },
          };
        },
      };
    };
    const result = await diff([messagesFile], { b: offsetTarget });
    expect(result.report!.scenarios[0]!.b.failures).toEqual([]);
    expect(entriesOf(result.report)).toEqual([]);
    // The ids really differed: B answered POST /messages with ids past the offset.
    expect(sentIds).toHaveLength(2);
    expect(sentIds.every((id) => id > OFFSET)).toBe(true);
    expect(result.code).toBe(0);
  }, 60_000);

  it('takes timestamps within the tolerance as equal and reports those beyond it', async () => {
    const late = (seconds: number) => (level?: number) =>
      alterTarget(
        createMockTarget({ featureLevel: level }),
        rewriteJson(/^\/api\/v1\/messages\/\d+$/, (body) => {
          const message = body.message as { timestamp?: number } | undefined;
          if (message?.timestamp) message.timestamp += seconds;
        }),
      );
    const within = await diff([messagesFile], { b: late(4) }, { timeTolerance: 5 });
    expect(entriesOf(within.report)).toEqual([]);
    const beyond = await diff([messagesFile], { b: late(30) }, { timeTolerance: 5 });
    expect(entriesOf(beyond.report).map(([step, pointer]) => [step, pointer])).toEqual([
      ['steps[4] GET /messages/{one}', '/body/message/timestamp'],
    ]);
    const [, , a, b] = entriesOf(beyond.report)[0]!;
    expect((b as number) - (a as number)).toBeGreaterThanOrEqual(29);
    expect(beyond.code).toBe(1);
  }, 60_000);

  it('hides what an ignore rule names and reports a rule that matched nothing', async () => {
    const dropName = (level?: number): Target =>
      alterTarget(
        createMockTarget({ featureLevel: level }),
        rewriteJson(/^\/api\/v1\/messages$/, (body) => {
          if (!Array.isArray(body.messages)) return;
          delete body.found_anchor;
          body.messages.reverse();
        }),
      );
    const rules = join(dir, 'ignore.yaml');
    writeFileSync(
      rules,
      [
        '- field: found_anchor',
        '  reason: B leaves it out',
        '- pointer: /messages/*/content',
        '  reason: B sorts the narrow differently',
        '  scenario: two messages',
        '- pointer: /messages/*/id',
        '  reason: same',
        '  step: steps[5]',
        '- pointer: /no/such/field',
        '  reason: an old server answered this',
      ].join('\n'),
    );
    const result = await diff(
      [messagesFile],
      { b: dropName },
      { ignore: rules, reporters: [{ kind: 'console' }, { kind: 'json', file: join(dir, 'r.json') }] },
    );
    expect(entriesOf(result.report)).toEqual([]);
    expect(result.report!.unmatchedRules).toEqual([
      { pointer: '/no/such/field', reason: 'an old server answered this' },
    ]);
    expect(result.report!.rules.map((r) => r.hits > 0)).toEqual([true, true, true, false]);
    expect(result.out).toContain(
      'Ignore rules that matched nothing in this run (stale?):\n  - pointer /no/such/field: an old server answered this',
    );
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).unmatchedRules).toHaveLength(1);
    expect(result.code).toBe(0);
  }, 60_000);

  it('with --learn-noise, reports a field that changes on every run of B as volatile and does not diff it', async () => {
    const seeded = (seed: number) => {
      let state = seed;
      return () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state;
      };
    };
    const noisy = (seed: number) => (level?: number) => {
      const next = seeded(seed);
      return alterTarget(
        createMockTarget({ featureLevel: level }),
        rewriteJson(/^\/api\/v1\/server_settings$/, (body) => {
          body.request_nonce = next();
        }),
      );
    };
    const plain = await diff([levelFile], { a: noisy(1), b: noisy(2) });
    expect(entriesOf(plain.report).map(([, pointer]) => pointer)).toEqual(['/body/request_nonce']);
    expect(plain.code).toBe(1);
    const learned = await diff([levelFile], { a: noisy(1), b: noisy(2) }, { learnNoise: true });
    expect(entriesOf(learned.report)).toEqual([]);
    expect(learned.report!.volatile.map((v) => [v.step, v.pointer])).toEqual([
      ['steps[0] GET /server_settings', '/body/request_nonce'],
    ]);
    expect(learned.report!.scenarios[0]!.volatileDropped).toBe(1);
    expect(learned.out).toContain('Volatile fields learned from B');
    expect(learned.code).toBe(0);
  }, 60_000);

  it('does not compare a scenario that A skips (no control API there), nor runs it on B', async () => {
    const control = join(dir, 'control.yaml');
    writeFileSync(
      control,
      levelScenario.replace(
        'name: settings and a missing channel',
        'name: needs the clock\nrequires: [control]',
      ),
    );
    let sessionsOnB = 0;
    const countingMock = (level?: number): Target => {
      const inner = createMockTarget({ featureLevel: level });
      return { ...inner, session: () => (sessionsOnB++, inner.session()) };
    };
    const result = await diff(
      [control],
      {
        a: (level) => ({ ...createMockTarget({ featureLevel: level }), features: new Set() }),
        b: countingMock,
      },
      { againstFeatureLevel: 250 },
    );
    expect(entriesOf(result.report)).toEqual([]);
    expect(result.report!.scenarios[0]!.a).toMatchObject({ outcome: 'skipped' });
    expect(result.out).toContain('SKIP needs the clock');
    expect(result.out).toContain('B: not run, as A skipped it');
    expect(sessionsOnB).toBe(0);
    expect(result.code).toBe(0);
  }, 60_000);

  it('answers 2 on usage, ignore-file and scenario-file errors', async () => {
    const noAgainst = await diff([levelFile], {}, { against: undefined });
    expect([noAgainst.code, noAgainst.err]).toEqual([
      2,
      expect.stringContaining('--against <mock|url> is required'),
    ]);
    const badTarget = await runConformanceDiff(
      { files: [levelFile], target: 'ftp://x', against: 'mock', aliases: [], reporters: [] },
      { out: () => {}, err: () => {} },
    );
    expect(badTarget).toBe(2);
    const rules = join(dir, 'no-reason.yaml');
    writeFileSync(rules, '- field: avatar_url\n');
    const noReason = await diff([levelFile], {}, { ignore: rules });
    expect([noReason.code, noReason.err]).toEqual([2, expect.stringContaining('rule 1: reason is required')]);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, levelScenario.replace('expect: { status: 400 }', 'expect: { stauts: 400 }'));
    const badFile = await diff([bad], {});
    expect([badFile.code, badFile.out]).toEqual([2, '']);
  }, 60_000);
});
