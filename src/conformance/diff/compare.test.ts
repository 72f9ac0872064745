import { describe, expect, it } from 'vitest';
import type { ScenarioResult, StepRecord } from '../transcript.js';
import { compareScenarios, compareValues } from './compare.js';
import { IdRef, normaliseScenario, Stamp } from './normalise.js';

describe('compareValues', () => {
  it('ignores key order and reports changed, missing and extra values by JSON pointer', () => {
    expect(compareValues({ a: 1, b: { c: 2, 'x/y': 3 } }, { b: { 'x/y': 4, c: 2 }, a: 1 }, 5)).toEqual([
      { pointer: '/b/x~1y', kind: 'changed', a: 3, b: 4 },
    ]);
    expect(compareValues({ a: 1, gone: true }, { a: 1, added: null }, 5)).toEqual([
      { pointer: '/gone', kind: 'only-a', a: true },
      { pointer: '/added', kind: 'only-b', b: null },
    ]);
    expect(compareValues([1, 2], [1, 2, 3], 5)).toEqual([{ pointer: '/2', kind: 'only-b', b: 3 }]);
    expect(compareValues({ a: [1] }, { a: { 0: 1 } }, 5)).toHaveLength(1);
  });

  it('compares ids by kind and order of first appearance, never by value', () => {
    expect(compareValues(new IdRef('message', 1, 4711), new IdRef('message', 1, 93), 5)).toEqual([]);
    expect(compareValues(new IdRef('message', 1, 93), new IdRef('message', 2, 93), 5)).toHaveLength(1);
    expect(compareValues(new IdRef('message', 1, 93), new IdRef('user', 1, 93), 5)).toHaveLength(1);
    expect(compareValues(new IdRef('message', 1, 93), 93, 5)).toHaveLength(1);
  });

  it('matches lists of objects by id: one extra subscription is one difference, not one per later element', () => {
    const sub = (id: number, name: string): Record<string, unknown> => ({
      stream_id: new IdRef('stream', id, id * 10),
      name,
      color: '#fff',
    });
    const a = { subscriptions: [sub(1, 'a'), sub(2, 'b'), sub(3, 'c'), sub(4, 'd')] };
    const b = { subscriptions: [sub(1, 'a'), sub(5, 'aa'), sub(2, 'b'), sub(3, 'c'), sub(4, 'd')] };
    expect(compareValues(a, b, 5)).toEqual([
      { pointer: '/subscriptions/1', kind: 'only-b', b: b.subscriptions[1] },
    ]);
    b.subscriptions[3]!.color = '#000';
    expect(compareValues(a, b, 5)).toEqual([
      { pointer: '/subscriptions/2/color', kind: 'changed', a: '#fff', b: '#000' },
      { pointer: '/subscriptions/1', kind: 'only-b', b: b.subscriptions[1] },
    ]);
  });

  it("pairs by the servers' own ids when an extra element first shifted the order of first appearance", () => {
    const sub = (ordinal: number, raw: number): Record<string, unknown> => ({
      stream_id: new IdRef('stream', ordinal, raw),
      name: `c${raw}`,
    });
    const b = [sub(1, 99), sub(2, 10), sub(3, 20)];
    expect(compareValues([sub(1, 10), sub(2, 20)], b, 5)).toEqual([
      { pointer: '/0', kind: 'only-b', b: b[0] },
    ]);
  });

  it('reports a changed order of the same ids once, at the list', () => {
    const m = (n: number): Record<string, unknown> => ({ id: new IdRef('message', n, n), content: `c${n}` });
    expect(compareValues([m(1), m(2)], [m(2), m(1)], 5)).toEqual([
      {
        pointer: '',
        kind: 'changed',
        a: 'order by id: message#1, message#2',
        b: 'order by id: message#2, message#1',
      },
    ]);
  });

  it('compares by position lists whose elements lack a unique id', () => {
    const r = (user: number, emoji: string): Record<string, unknown> => ({
      user_id: user,
      emoji_name: emoji,
    });
    // Two reactions of user 1: user_id is not unique, emoji_name is.
    expect(compareValues([r(1, 'a'), r(1, 'b')], [r(1, 'b'), r(1, 'a'), r(2, 'c')], 5)).toEqual([
      { pointer: '', kind: 'changed', a: 'order by emoji_name: =a, =b', b: 'order by emoji_name: =b, =a' },
      { pointer: '/2', kind: 'only-b', b: r(2, 'c') },
    ]);
    const same = (n: number): Record<string, unknown> => ({ emoji_name: 'x', n });
    expect(compareValues([same(1), same(2)], [same(3), same(2)], 5)).toEqual([
      { pointer: '/0/n', kind: 'changed', a: 1, b: 3 },
    ]);
  });

  it('takes durations in seconds (retry-after, *_seconds) within the tolerance as equal', () => {
    expect(compareValues({ 'retry-after': 59.996 }, { 'retry-after': 59.999 }, 5)).toEqual([]);
    expect(compareValues({ queue_lifespan_secs: 600 }, { queue_lifespan_secs: 540 }, 5)).toHaveLength(1);
    expect(compareValues({ count: 59.996 }, { count: 59.999 }, 5)).toHaveLength(1);
  });

  it('takes two cut request-log excerpts as equal when one begins with the other, and reports a real change', () => {
    // The cut falls a character apart when the excerpted text held times of different lengths.
    const entry = (text: string) => ({ requests: [{ response_body: text }] });
    const whole = '{"requests":[{"time":{time},"path":"/svc-mock/accounts","response_body":"{\\"accounts\\"';
    expect(compareValues(entry(`${whole.slice(0, 60)}…`), entry(`${whole.slice(0, 61)}…`), 5)).toEqual([]);
    expect(compareValues(entry(`${whole.slice(0, 61)}…`), entry(`${whole.slice(0, 60)}…`), 5)).toEqual([]);
    // A change inside the shared part, a whole text the other goes past, and another field are differences.
    const changed = `${whole.slice(0, 30).replace('time', 'tame')}…`;
    expect(compareValues(entry(`${whole.slice(0, 60)}…`), entry(changed), 5)).toHaveLength(1);
    expect(compareValues(entry(whole.slice(0, 60)), entry(`${whole.slice(0, 61)}…`), 5)).toHaveLength(1);
    expect(compareValues({ content: 'abc…' }, { content: 'ab…' }, 5)).toHaveLength(1);
  });

  it('takes timestamps within the tolerance as equal, beyond it as different', () => {
    // Side A started at 1000 s, side B at 2000 s: timestamps made during the run compare by offset.
    const onA = (offset: number): Stamp => new Stamp(0, 1000 + offset, offset);
    const onB = (offset: number): Stamp => new Stamp(0, 2000 + offset, offset);
    expect(compareValues(onA(10), onB(14), 5)).toEqual([]);
    expect(compareValues(onA(10), onB(15.5), 5)).toHaveLength(1);
    expect(compareValues(new Stamp(1, 1000, undefined), new Stamp(4, 1004, undefined), 5)).toEqual([]);
    // A fixed time that a scenario sent is the same moment on both sides, whatever their starts.
    expect(compareValues(new Stamp(0, 4102444800, 100), new Stamp(0, 4102444800, 300), 5)).toEqual([]);
    // One made during the run, one from the realm's past: different whatever the gap.
    expect(compareValues(new Stamp(0, 1000, 0), new Stamp(1, 1, undefined), 5)).toHaveLength(1);
  });
});

function transcript(outcome: ScenarioResult['outcome'], steps: StepRecord[]): ScenarioResult {
  return {
    file: 'f.yaml',
    name: 'n',
    outcome,
    runId: 'r',
    featureLevel: 1,
    steps,
    failures: [],
    durationMs: 0,
  };
}

const request = (index: number, status: number, body: unknown, skipped = false): StepRecord => ({
  section: 'steps',
  index,
  name: 'GET /x',
  outcome: skipped ? 'skipped' : 'passed',
  ...(skipped
    ? { skipReason: 'needs feature level 400, the target has 300' }
    : {
        request: { method: 'GET', path: '/api/v1/x', params: {}, actor: 'a', role: 'member' },
        response: { status, headers: {}, body },
      }),
  captures: {},
  failures: [],
});

describe('compareScenarios', () => {
  const ctx = { runId: 'r', startedAt: 0 };
  it('places differences in their scenario and step; a step that ran on one side only is one entry', () => {
    const a = normaliseScenario(transcript('passed', [request(0, 200, { v: 1 }), request(1, 200, {})]), ctx);
    const b = normaliseScenario(transcript('failed', [request(0, 400, { v: 1 })]), ctx);
    expect(compareScenarios(a, b, 5)).toEqual([
      {
        scenario: 'n',
        file: 'f.yaml',
        step: 'steps[0] GET /x',
        pointer: '/status',
        kind: 'changed',
        a: 200,
        b: 400,
      },
      {
        scenario: 'n',
        file: 'f.yaml',
        step: 'steps[1] GET /x',
        pointer: '',
        kind: 'only-a',
        a: 'status 200',
      },
    ]);
  });

  it('reports a step skipped on one side as one entry, and compares no scenario a side skipped', () => {
    const a = normaliseScenario(transcript('passed', [request(0, 200, { v: 1 })]), ctx);
    const b = normaliseScenario(transcript('passed', [request(0, 200, null, true)]), ctx);
    expect(compareScenarios(a, b, 5).map((e) => [e.pointer, e.a, e.b])).toEqual([
      ['', 'status 200', 'skipped: needs feature level 400, the target has 300'],
    ]);
    const skipped = normaliseScenario({ ...transcript('skipped', []), skipReason: 'needs control' }, ctx);
    expect(compareScenarios(a, skipped, 5)).toEqual([]);
    expect(compareScenarios(skipped, a, 5)).toEqual([]);
  });
});
