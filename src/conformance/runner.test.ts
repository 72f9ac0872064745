import { describe, expect, it } from 'vitest';
import { aliasIncoming, aliasOutgoing, parseAlias } from './alias.js';
import { loadScenarioFile, parseScenario } from './loader.js';
import { createMockTarget, devRealmAccounts } from './mock-target.js';
import { readFeatureLevel, runScenario, runScenarios, type RunOptions } from './runner.js';
import { fullPath } from './session.js';
import { alterTarget, type Target } from './target.js';

const options = (extra: Partial<RunOptions> = {}): RunOptions => ({
  target: createMockTarget({ featureLevel: 300 }),
  accounts: devRealmAccounts(),
  featureLevel: 300,
  runId: 'unit',
  ...extra,
});

const scenario = (text: string) => parseScenario(text, 'unit.yaml');

describe('runScenario', () => {
  it('skips a scenario that needs a newer feature level, with the reason, sending nothing', async () => {
    let sent = 0;
    const target = alterTarget(createMockTarget(), (_req, res) => {
      sent++;
      return Promise.resolve(res);
    });
    const result = await runScenario(
      scenario(
        'name: new\nmin_feature_level: 400\nmutates: false\nactors: { a: none }\nsteps: [{ request: GET /server_settings }]\n',
      ),
      options({ target }),
    );
    expect(result).toMatchObject({
      outcome: 'skipped',
      skipReason: 'needs feature level 400, the target has 300',
    });
    expect(sent).toBe(0);
  });

  it('skips mock-only scenarios on targets without the control API', async () => {
    const result = await runScenario(
      scenario(
        'name: c\nrequires: [control]\nmutates: true\nactors: { a: none }\nsteps: [{ request: POST /svc-mock/reset }]\n',
      ),
      options({ target: { ...createMockTarget(), name: 'https://chat.example.com', features: new Set() } }),
    );
    expect(result.outcome).toBe('skipped');
    expect(result.skipReason).toBe('needs control, which https://chat.example.com does not offer');
  });

  it('skips a feature-gated step and runs the rest', async () => {
    const result = await runScenario(
      scenario(
        'name: s\nmutates: false\nactors: { a: none }\nsteps:\n  - { request: GET /server_settings, min_feature_level: 999 }\n  - { request: GET /server_settings }\n',
      ),
      options(),
    );
    expect(result.outcome).toBe('passed');
    expect(result.steps.map((s) => s.outcome)).toEqual(['skipped', 'passed']);
  });

  it('skips scenarios and steps written for older servers than the target (max_feature_level)', async () => {
    const old = await runScenario(
      scenario(
        'name: old\nmax_feature_level: 207\nmutates: false\nactors: { a: none }\nsteps: [{ request: GET /server_settings }]\n',
      ),
      options(),
    );
    expect(old).toMatchObject({
      outcome: 'skipped',
      skipReason: 'is for feature level 207 or lower, the target has 300',
    });
    const steps = await runScenario(
      scenario(
        'name: s\nmutates: false\nactors: { a: none }\nsteps:\n  - { request: GET /server_settings, max_feature_level: 299 }\n  - { request: GET /server_settings, max_feature_level: 300 }\n',
      ),
      options(),
    );
    expect(steps.steps.map((s) => s.outcome)).toEqual(['skipped', 'passed']);
  });

  it('stops at the first failing step and still runs teardown; a teardown step without its capture is skipped', async () => {
    const result = await runScenario(
      scenario(`name: t
mutates: true
actors: { a: member }
steps:
  - request: GET /server_settings
    expect: { status: 404 }
  - request: POST /messages
    params: { type: channel, to: Verona, topic: t, content: x }
    capture: { m: /id }
teardown:
  - request: DELETE /messages/{m}
  - request: GET /users/me
`),
      options(),
    );
    expect(result.outcome).toBe('failed');
    expect(result.steps.map((s) => `${s.section}:${s.outcome}`)).toEqual([
      'steps:failed',
      'teardown:skipped',
      'teardown:passed',
    ]);
    expect(result.failures.map((f) => f.kind)).toEqual(['status']);
  });

  it('records the request, response, captures and events of each step', async () => {
    const result = await runScenario(
      scenario(`name: transcript
mutates: true
actors: { a: member, b: member }
steps:
  - { as: b, register: { event_types: [message] }, queue: inbox }
  - as: a
    request: POST /messages
    params: { type: channel, to: Verona, topic: "t {run}", content: hi }
    capture: { m: /id }
  - await_events: { queue: inbox, events: [{ type: message }] }
`),
      options(),
    );
    expect(result.outcome).toBe('passed');
    const [, send, wait] = result.steps;
    expect(send!.request).toEqual({
      method: 'POST',
      path: '/api/v1/messages',
      params: { type: 'channel', to: 'Verona', topic: 't unit', content: 'hi' },
      actor: 'a',
      role: 'member',
    });
    expect(send!.response).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
    expect(send!.captures.m).toEqual((send!.response!.body as { id: number }).id);
    expect(wait!.events).toMatchObject({ queue: 'inbox', matched: [0], received: [{ type: 'message' }] });
  });
});

describe('aliases', () => {
  it('maps the target spelling to the scenarios spelling in both directions', () => {
    const alias = parseAlias('zulip=svc');
    expect(aliasIncoming({ zulip_feature_level: 3, list: ['zulip_extra_emoji'] }, [alias])).toEqual({
      svc_feature_level: 3,
      list: ['svc_extra_emoji'],
    });
    expect(aliasOutgoing({ svc_x: 'svc_y' }, [alias])).toEqual({ zulip_x: 'zulip_y' });
    expect(() => parseAlias('zulip')).toThrow('THEIRS=OURS');
  });

  it('lets scenarios run against a server that spells identifiers another way', async () => {
    // A server that says zulip_ where the mock says svc_.
    const renamed: Target = alterTarget(createMockTarget(), async (_req, res) => {
      const text = (await res.text()).replace(/"svc_/g, '"zulip_');
      return new Response(text, { status: res.status, headers: res.headers });
    });
    const s = scenario(
      'name: a\nmutates: false\nactors: { a: none }\nsteps:\n  - request: GET /server_settings\n    expect: { body: { svc_feature_level: { $type: integer } } }\n',
    );
    expect(
      (await runScenario(s, options({ target: renamed, aliases: [parseAlias('zulip=svc')] }))).outcome,
    ).toBe('passed');
    const without = await runScenario(s, options({ target: renamed }));
    expect(without.failures.map((f) => f.kind).sort()).toEqual(['mismatch', 'schema']);
  });
});

describe('paths', () => {
  it('puts API paths under /api/v1 and leaves absolute routes of the route table alone', () => {
    expect(fullPath('/messages')).toBe('/api/v1/messages');
    expect(fullPath('/api/v1/messages')).toBe('/api/v1/messages');
    expect(fullPath('/svc-mock/reset')).toBe('/svc-mock/reset');
    expect(fullPath('/avatar/12')).toBe('/avatar/12');
  });
});

describe('an older server', () => {
  it('reads the feature level from GET /server_settings and skips what needs more', async () => {
    const target = createMockTarget({ featureLevel: 150 });
    const featureLevel = await readFeatureLevel(target);
    expect(featureLevel).toBe(150);
    const result = await runScenario(
      loadScenarioFile('scenarios/reactions.yaml'),
      options({ target, featureLevel }),
    );
    expect(result).toMatchObject({
      outcome: 'skipped',
      skipReason: 'needs feature level 193, the target has 150',
    });
  });
});

describe('interruption', () => {
  it('stops the steps, still runs the teardown, and starts no further scenario', async () => {
    const interrupt = new AbortController();
    const s = scenario(
      'name: i\nmutates: false\nactors: { a: none }\nsteps:\n  - request: GET /server_settings\n  - request: GET /server_settings\nteardown:\n  - request: GET /server_settings\n',
    );
    const target = alterTarget(createMockTarget(), (req, res) => {
      if (req.url.endsWith('/server_settings')) interrupt.abort();
      return Promise.resolve(res);
    });
    const results = await runScenarios([s, s], options({ target, signal: interrupt.signal }));
    expect(results).toHaveLength(1);
    expect(results[0]!.steps.map((x) => `${x.section}[${x.index}]`)).toEqual(['steps[0]', 'teardown[0]']);
    expect(results[0]!.failures.map((f) => f.message)).toEqual(['interrupted; teardown ran']);
  });
});

describe('request bodies, credentials and the target clock', () => {
  it('sends a JSON body with its content type, and other credentials than the actor’s', async () => {
    const seen: Array<{ type: string | null; auth: string | null; body: string }> = [];
    const target = alterTarget(createMockTarget(), async (req, res) => {
      // The runner also reads the mock's clock (for {now}); only the steps' requests are of interest.
      if (req.url.endsWith('/svc-mock/clock')) return res;
      seen.push({
        type: req.headers.get('content-type'),
        auth: req.headers.get('authorization'),
        body: req.method === 'GET' ? '' : await req.text(),
      });
      return res;
    });
    const result = await runScenario(
      scenario(`name: j
mutates: true
actors: { alice: member }
steps:
  - request: PUT /svc-mock/faults
    json: { latency: null, endpoints: { "GET /users/me": { fail_rate: 0 } } }
    expect: { body: { faults: { $type: object } } }
  - request: GET /users/me
    auth: { api_key: wrongwrongwrongwrongwrongwrong12 }
    expect: { status: 401, body: { code: UNAUTHORIZED }, headers: { www-authenticate: { $regex: Basic } } }
  - request: GET /users/me
    auth: { header: "Bearer abc" }
    expect: { status: 401 }
`),
      options({ target }),
    );
    expect(result.failures).toEqual([]);
    expect(seen[0]).toMatchObject({
      type: 'application/json',
      body: '{"latency":null,"endpoints":{"GET /users/me":{"fail_rate":0}}}',
    });
    expect(atob(seen[1]!.auth!.slice(6))).toMatch(/^[^:]+@svc\.test:wrongwrongwrongwrongwrongwrong12$/);
    expect(seen[2]!.auth).toBe('Bearer abc');
    expect(JSON.stringify(result)).not.toMatch(/wrongwrong|SvcDevApiKey/);
  });

  it('refuses a step with both params and json before anything is sent', () => {
    expect(() =>
      scenario(
        'name: b\nmutates: false\nactors: { a: none }\nsteps:\n  - { request: POST /svc-mock/reset, params: { a: 1 }, json: {} }\n',
      ),
    ).toThrow(/unit\.yaml/);
  });

  it('reads {now} from the target’s clock, also after a step moved it', async () => {
    const result = await runScenario(
      scenario(`name: n
mutates: true
requires: [control]
actors: { a: none }
steps:
  - request: GET /svc-mock/clock
    expect: { body: { now: { $near: { value: "{now}", within: 2 } } } }
  - request: POST /svc-mock/clock
    params: { advance: 2h }
  - request: GET /svc-mock/clock
    expect: { body: { now: { $near: { value: "{now}", within: 2 } } } }
`),
      options(),
    );
    expect(result.failures).toEqual([]);
  });
});
