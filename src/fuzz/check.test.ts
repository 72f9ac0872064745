/** The fuzz property can fail: each way an answer breaks it is caught, and the report names seed and case. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRoute, fuzzRoute, inProcessTarget } from './run.js';
import { catalogueCodes } from './catalogue.js';
import { checkCase, realmDigest, type FuzzTarget } from './check.js';
import { percentEncode, wtf8 } from './encode.js';
import { fuzzCase, type FuzzCase } from './fuzz-case.js';

const route = findRoute('POST /drafts')!;
const CASE: FuzzCase = {
  route: 'POST /drafts',
  method: 'POST',
  pathParams: {},
  entries: [['drafts', '[']],
  body: 'form',
  caller: 'member',
  mustRefuse: 'drafts given text that is not JSON',
  mustNotChange: null,
};
const OPTIONS = { codes: catalogueCodes(), timeoutMs: 2000, fullSnapshot: true };

/** A target over a real mock whose answers are replaced by `answer` (which may also touch the store). */
function fakeTarget(answer: (target: FuzzTarget) => Response | Promise<Response>): FuzzTarget {
  const real = inProcessTarget();
  const target: FuzzTarget = { store: real.store, send: async () => answer(target) };
  return target;
}
const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the fuzz property', () => {
  it('holds for a real refusal', async () => {
    await expect(checkCase(inProcessTarget(), route, CASE, OPTIONS)).resolves.toBeUndefined();
  });

  it.each([
    ['a 5xx', () => json(500, { result: 'error', msg: 'Internal server error' }), /answered 500/],
    ['a 4xx without JSON', () => new Response('nope', { status: 400 }), /without a JSON body/],
    ['a 4xx without the envelope', () => json(400, { error: 'x' }), /without the error envelope/],
    [
      'a code outside the catalogue',
      () => json(400, { result: 'error', msg: 'x', code: 'NOPE' }),
      /outside the catalogue/,
    ],
    ['success for an invalid request', () => json(200, { result: 'success', msg: '' }), /must be refused/],
  ])('fails on %s', async (_name, answer, message) => {
    await expect(checkCase(fakeTarget(answer), route, CASE, OPTIONS)).rejects.toThrow(message);
  });

  it('fails when a refused request changed the realm (counter, then the full export)', async () => {
    const counted = fakeTarget((t) => {
      t.store().changes++;
      return json(400, { result: 'error', msg: 'x', code: 'BAD_REQUEST' });
    });
    await expect(checkCase(counted, route, CASE, OPTIONS)).rejects.toThrow(/realm changed/);
    const silent = fakeTarget((t) => {
      t.store().state.users.values().next().value!.full_name = 'Changed quietly';
      return json(400, { result: 'error', msg: 'x', code: 'BAD_REQUEST' });
    });
    await expect(checkCase(silent, route, CASE, OPTIONS)).rejects.toThrow(/exported realm differs/);
  });

  it('fails on a hang (no answer within the bound) and aborts the request', async () => {
    let aborted = false;
    const hanging: FuzzTarget = {
      store: inProcessTarget().store,
      send: (_path, init) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted')))),
        ),
    };
    await expect(checkCase(hanging, route, CASE, { ...OPTIONS, timeoutMs: 50 })).rejects.toThrow(
      /no answer within 50 ms/,
    );
    expect(aborted).toBe(true);
  });

  it("reports the seed, the replay path and the shrunk case in fast-check's message", async () => {
    const failing = fakeTarget(() => json(503, { result: 'error', msg: 'down' }));
    const run = fuzzRoute(failing, route, { runs: 5, seed: 4242 });
    await expect(run).rejects.toThrow(
      /seed: 4242, path: "[\d:]+"[\s\S]*Counterexample: \[\{"route":"POST \/drafts"[\s\S]*answered 503/,
    );
  });

  it('a digest covers the change counter and the tables', () => {
    const target = inProcessTarget();
    const before = realmDigest(target.mock.store);
    target.mock.store.state.drafts.delete(1);
    expect(realmDigest(target.mock.store)).not.toBe(before);
  });
});

describe('fuzz cases', () => {
  it('a dropped required parameter is absent, and the case must be refused', () => {
    const messages = findRoute('POST /messages')!;
    const cases = fc.sample(fuzzCase(messages), { numRuns: 300, seed: 3 });
    const dropped = cases.filter((c) => c.mustRefuse?.startsWith('required parameter'));
    expect(dropped.length).toBeGreaterThan(10);
    for (const c of dropped) {
      const name = /required parameter (\w+)/.exec(c.mustRefuse!)![1]!;
      expect(c.entries.map(([k]) => k)).not.toContain(name);
    }
  });

  it('unauthenticated cases of an authenticated route must be refused', () => {
    const cases = fc.sample(fuzzCase(route), { numRuns: 200, seed: 5 });
    const anonymous = cases.filter((c) => c.caller === 'none' || c.caller === 'bad-key');
    expect(anonymous.length).toBeGreaterThan(10);
    for (const c of anonymous) expect(c.mustRefuse).not.toBeNull();
  });

  it("another user's draft id is a case that must change nothing", () => {
    const cases = fc.sample(fuzzCase(findRoute('DELETE /drafts/{draft_id}')!), { numRuns: 200, seed: 9 });
    const foreign = cases.filter((c) => c.mustNotChange?.includes('another user'));
    expect(foreign.length).toBeGreaterThan(5);
    for (const c of foreign) expect(['1', '2', '3']).toContain(c.pathParams.draft_id);
  });

  it('the catalogue codes come from src/api/errors', () => {
    const codes = catalogueCodes();
    for (const code of [
      'BAD_REQUEST',
      'REQUEST_VARIABLE_MISSING',
      'UNAUTHORIZED',
      'BAD_EVENT_QUEUE_ID',
      'INVALID_JSON',
    ])
      expect(codes).toContain(code);
    expect(codes).not.toContain('GET');
  });

  it('lone surrogates are sent as the raw (invalid UTF-8) bytes', () => {
    expect(percentEncode('a\uD800b 😀')).toBe('a%ED%A0%80b%20%F0%9F%98%80');
    expect([...wtf8('\uDC00x')]).toEqual([0xed, 0xb0, 0x80, 0x78]);
  });
});
