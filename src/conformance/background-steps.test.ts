import { describe, expect, it } from 'vitest';
import { NEWEST_FEATURE_LEVEL } from '../versions/index.js';
import { parseScenario } from './loader.js';
import { createMockTarget, devRealmAccounts } from './mock-target.js';
import { runScenario, type RunOptions } from './runner.js';
import { alterTarget } from './target.js';
import { TransportError } from './transport-error.js';

const options = (extra: Partial<RunOptions> = {}): RunOptions => ({
  target: createMockTarget(),
  accounts: devRealmAccounts(),
  featureLevel: NEWEST_FEATURE_LEVEL,
  runId: 'bg',
  ...extra,
});

const scenario = (steps: string, actors = '{ alice: member, ops: none }') =>
  parseScenario(
    `name: background\nmutates: true\nrequires: [control]\nactors: ${actors}\nsteps:\n${steps}`,
    'bg.yaml',
  );

const PARK = `  - { as: alice, register: { event_types: [message] } }
  - as: alice
    request: GET /events
    params: { queue_id: '{alice.queue_id}', last_event_id: -1 }
    background: poll
`;

describe('background requests and await_request', () => {
  it('lets a parked poll wait while a later step moves the clock, then judges its answer and captures from it', async () => {
    const result = await runScenario(
      scenario(`${PARK}  - { as: ops, request: POST /svc-mock/clock, params: { advance: 60s } }
  - await_request: poll
    expect: { body: { events: [{ type: heartbeat }] } }
    capture: { beat: /events/0/id }
  - as: alice
    request: GET /events
    params: { queue_id: '{alice.queue_id}', last_event_id: '{beat}', dont_block: true }
    expect: { body: { events: [] } }
`),
      options(),
    );
    expect(result.failures).toEqual([]);
    const names = result.steps.map((s) => s.name);
    expect(names[1]).toBe('GET /events (background poll)');
    expect(names[3]).toBe('await_request poll');
    // The request and its answer are the await step's: coverage counts the heartbeat it received.
    expect(result.steps[3]!.request).toMatchObject({ method: 'GET', path: '/api/v1/events' });
    expect(result.steps[3]!.response!.body).toMatchObject({ events: [{ type: 'heartbeat', id: 0 }] });
    expect(result.steps[3]!.captures).toEqual({ beat: 0 });
  });

  it('fails the await step on a wrong answer, with the schema check and a curl of the request', async () => {
    const result = await runScenario(
      scenario(`${PARK}  - { as: ops, request: POST /svc-mock/clock, params: { advance: 60s } }
  - await_request: poll
    expect: { body: { events: [{ type: restart }] } }
`),
      options(),
    );
    expect(result.outcome).toBe('failed');
    expect(result.failures.map((f) => [f.step, f.kind])).toEqual([
      ['steps[3] await_request poll', 'mismatch'],
    ]);
    expect(result.steps[3]!.curl).toMatch(
      /^curl -sS -G "[^"]+\/api\/v1\/events" -u "[^"]+:\$\{SVC_API_KEY\}" /,
    );
  });

  it('reports a background request that got no answer on its await step, with the cause', async () => {
    const target = alterTarget(createMockTarget(), (request, response) => {
      if (new URL(request.url).pathname === '/api/v1/users/me/presence')
        throw new TransportError('network', 'connection reset', 3, 'POST /api/v1/users/me/presence');
      return Promise.resolve(response);
    });
    const result = await runScenario(
      scenario(
        `  - { request: POST /users/me/presence, params: { status: active }, background: ping }
  - request: GET /users/me
  - await_request: ping
`,
        '{ alice: member }',
      ),
      options({ target }),
    );
    expect(result.failures).toEqual([
      expect.objectContaining({ step: 'steps[2] await_request ping', kind: 'network' }),
    ]);
    expect(result.steps[1]!.outcome).toBe('passed');
  });

  it('settles a background request left waiting by a scenario that stopped early', async () => {
    const result = await runScenario(
      scenario(`${PARK}  - { as: alice, request: GET /users/me, expect: { status: 418 } }
  - await_request: poll
`),
      options(),
    );
    // The failed step ends the steps; deleting the queue answers the parked poll, which the runner waits for.
    expect(result.steps.map((s) => s.outcome)).toEqual(['passed', 'passed', 'failed']);
  });
});
