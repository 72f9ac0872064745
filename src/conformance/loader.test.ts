import { describe, expect, it } from 'vitest';
import { loadScenarios, parseScenario, ScenarioFileError } from './loader.js';

const base = 'name: x\nmutates: false\nactors: { alice: member, bob: member }\nsteps:\n';

function refusal(text: string): ScenarioFileError {
  try {
    parseScenario(text, 'scenarios/bad.yaml');
  } catch (error) {
    if (error instanceof ScenarioFileError) return error;
    throw error;
  }
  throw new Error('the scenario was accepted');
}

describe('parseScenario', () => {
  it('accepts every example scenario of scenarios/', () => {
    const loaded = loadScenarios(['scenarios']);
    expect(loaded.length).toBeGreaterThanOrEqual(3);
    for (const { scenario } of loaded) expect(scenario.steps.length).toBeGreaterThan(0);
  });

  it.each([
    ['YAML syntax', 'name: [\n', 1, 'YAML'],
    [
      'a missing field',
      'name: x\nactors: { a: member }\nsteps: [{ request: GET /x }]\n',
      1,
      "must have required property 'mutates'",
    ],
    [
      'an unknown step key',
      `${base}  - as: alice\n    request: GET /x\n    expct: { status: 200 }\n`,
      7,
      'additional properties (expct)',
    ],
    [
      'two kinds in one step',
      `${base}  - as: alice\n    request: GET /x\n    register: {}\n`,
      5,
      'exactly one of request, register, await_events',
    ],
    [
      'a bad method',
      `${base}  - as: alice\n    request: FETCH /x\n`,
      6,
      '/steps/0/request: must match pattern',
    ],
    [
      'an unknown role',
      'name: x\nmutates: false\nactors: { a: king }\nsteps: [{ request: GET /x }]\n',
      3,
      '/actors/a',
    ],
    ['an unknown actor', `${base}  - as: carol\n    request: GET /x\n`, 5, 'unknown actor "carol"'],
    ['a missing actor', `${base}  - request: GET /x\n`, 5, 'needs `as:`'],
    [
      'an unknown placeholder',
      `${base}  - as: alice\n    request: GET /messages/{msg}\n`,
      6,
      'unknown placeholder {msg}',
    ],
    [
      'a placeholder captured later',
      `${base}  - as: alice\n    request: GET /m/{m}\n  - as: alice\n    request: GET /x\n    capture: { m: /id }\n`,
      6,
      '{m}',
    ],
    [
      'a bad matcher',
      `${base}  - as: alice\n    request: GET /x\n    expect:\n      body:\n        a: { $regx: y }\n`,
      9,
      'unknown matcher $regx',
    ],
    [
      'a misspelt step kind',
      `${base}  - as: alice\n    reqest: GET /x\n`,
      6,
      'additional properties (reqest)',
    ],
    [
      'a bad time-out',
      `${base}  - { as: alice, register: {} }\n  - await_events: { queue: alice, timeout: 5 sec, events: [] }\n`,
      6,
      'a duration such as 5s',
    ],
    [
      'a capture that is not a pointer',
      `${base}  - as: alice\n    request: GET /x\n    capture: { m: id }\n`,
      7,
      'a JSON pointer such as /id',
    ],
    [
      'an upper-case actor name',
      'name: x\nmutates: false\nactors: { Alice: member }\nsteps: [{ request: GET /x }]\n',
      3,
      '("Alice")',
    ],
    [
      'an await_request without its background request',
      `${base}  - await_request: poll\n`,
      5,
      'no earlier step of this section starts "poll" with background:',
    ],
    [
      'a background request never awaited',
      `${base}  - as: alice\n    request: GET /events\n    background: poll\n`,
      7,
      'the background request "poll" is never awaited',
    ],
    [
      'a background request with its own expect',
      `${base}  - as: alice\n    request: GET /x\n    background: p\n    expect: { status: 200 }\n  - await_request: p\n`,
      8,
      'a background request has no expect',
    ],
    [
      'two background requests of one name',
      `${base}  - { as: alice, request: GET /x, background: p }\n  - { as: bob, request: GET /y, background: p }\n  - await_request: p\n`,
      6,
      'a background request "p" is already running',
    ],
    [
      'an await_request with parameters',
      `${base}  - { as: alice, request: GET /x, background: p }\n  - await_request: p\n    params: { a: 1 }\n`,
      6,
      'exactly one of request, register, await_events, await_request',
    ],
    [
      'a background register',
      `${base}  - as: alice\n    register: {}\n    background: p\n`,
      5,
      'exactly one of request, register, await_events, await_request',
    ],
    [
      'an unregistered queue',
      `${base}  - await_events: { queue: bob, events: [] }\n`,
      5,
      'queue "bob" is not registered',
    ],
  ])('refuses %s, naming file, line and reason', (_name, text, line, reason) => {
    const error = refusal(text);
    expect(error.file).toBe('scenarios/bad.yaml');
    expect(error.line).toBe(line);
    expect(error.reason).toContain(reason);
    expect(error.message).toBe(`scenarios/bad.yaml:${line}: ${error.reason}`);
  });

  it('accepts captures, actor facts, queue ids and {run}', () => {
    const text =
      `${base}  - as: bob\n    register: { event_types: [message] }\n` +
      `  - as: alice\n    request: POST /messages\n    params: { to: "{bob.user_id}", topic: "t {run}" }\n    capture: { m: /id }\n` +
      `  - await_events: { queue: bob, events: [{ type: message, message: { id: "{m}" } }] }\n` +
      `teardown:\n  - as: alice\n    request: DELETE /events\n    params: { queue_id: "{bob.queue_id}" }\n`;
    expect(parseScenario(text, 'ok.yaml').scenario.steps).toHaveLength(3);
  });
});

describe('loadScenarios', () => {
  it('names every bad file and every missing path at once, with line and reason, before anything runs', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'svc-loader-'));
    try {
      writeFileSync(join(dir, 'a-good.yaml'), `${base}  - request: GET /users/me\n    as: alice\n`);
      writeFileSync(
        join(dir, 'b-typo.yaml'),
        `${base}  - request: GET /users/me\n    as: alice\n    expct: {}\n`,
      );
      writeFileSync(join(dir, 'c-yaml.yaml'), 'name: [\n');
      writeFileSync(join(dir, 'd-actor.yaml'), `${base}  - request: GET /users/me\n    as: carol\n`);
      let error: unknown;
      try {
        loadScenarios([dir, join(dir, 'missing.yaml')]);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ScenarioFileError);
      const problems = (error as ScenarioFileError).problems.map((p) => [p.file.replace(dir, 'D'), p.line]);
      expect(problems).toEqual([
        ['D/missing.yaml', 0],
        ['D/b-typo.yaml', 7],
        ['D/c-yaml.yaml', 1],
        ['D/d-actor.yaml', 6],
      ]);
      const message = (error as Error).message;
      expect(message.split('\n')[0]).toBe('4 scenario files cannot be run:');
      expect(message).toContain(`${join(dir, 'd-actor.yaml')}:6: unknown actor "carol"`);
      expect(message).toContain(`${join(dir, 'b-typo.yaml')}:7: `);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
