import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { createMock } from '../../mock/create-mock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { createHttpTarget } from '../http-target.js';
import { resolveActors, type Account } from '../accounts.js';
import { loadScenarioFile } from '../loader.js';
import { createMockTarget, devRealmAccounts } from '../mock-target.js';
import { formatFailures } from '../report.js';
import { runScenario } from '../runner.js';
import { startRecording, type RecordingResult } from './record-session.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-record-'));
const HAMLET = { email: 'hamlet@svc.test', key: 'hamletSvcDevApiKey0123456789abcd' };
const CORDELIA = { email: 'cordelia@svc.test', key: 'cordeliaSvcDevApiKey0123456789ab' };
const IAGO = { email: 'iago@svc.test', key: 'iagoSvcDevApiKey0123456789abcdef' };

let server: RunningServer;
let result: RecordingResult;

/** A small client session through the proxy: the way an app would use the API. */
async function clientSession(base: string): Promise<void> {
  const call = async (
    who: { email: string; key: string } | null,
    method: string,
    path: string,
    params: Record<string, string> = {},
  ): Promise<Record<string, unknown>> => {
    const form = new URLSearchParams(params).toString();
    const headers: Record<string, string> = {};
    if (who) headers.authorization = `Basic ${Buffer.from(`${who.email}:${who.key}`).toString('base64')}`;
    const get = method === 'GET';
    if (!get) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${base}/api/v1${path}${get && form ? `?${form}` : ''}`, {
      method,
      headers,
      body: get ? undefined : form,
    });
    return (await response.json()) as Record<string, unknown>;
  };
  await call(null, 'GET', '/server_settings');
  const me = await call(HAMLET, 'GET', '/users/me');
  const queue = await call(CORDELIA, 'POST', '/register', { event_types: '["message","reaction"]' });
  // Cordelia's long poll parks until Hamlet's message arrives.
  const poll = call(CORDELIA, 'GET', '/events', {
    queue_id: String(queue.queue_id),
    last_event_id: String(queue.last_event_id),
  });
  const sent = await call(HAMLET, 'POST', '/messages', {
    type: 'stream',
    to: 'Verona',
    topic: 'recorded {session}',
    content: `hello ${CORDELIA.email}`,
  });
  const polled = await poll;
  const events = polled.events as Array<{ id: number }>;
  const msg = String(sent.id);
  await call(CORDELIA, 'POST', `/messages/${msg}/reactions`, { emoji_name: 'octopus' });
  await call(CORDELIA, 'GET', '/events', {
    queue_id: String(queue.queue_id),
    last_event_id: String(events.at(-1)!.id),
    dont_block: 'true',
  });
  await call(CORDELIA, 'POST', '/messages', {
    type: 'direct',
    to: JSON.stringify([me.user_id]),
    content: 'a direct word',
  });
  await call(HAMLET, 'GET', `/messages/${msg}`);
  await call(HAMLET, 'GET', '/messages', {
    anchor: msg,
    num_before: '2',
    num_after: '0',
    narrow: JSON.stringify([{ operator: 'channel', operand: 'Verona' }]),
  });
  await call(IAGO, 'DELETE', `/messages/${msg}`);
  await call(HAMLET, 'GET', `/messages/${msg}`);
  await call(CORDELIA, 'DELETE', '/events', { queue_id: String(queue.queue_id) });
}

beforeAll(async () => {
  server = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), {
    port: 0,
    host: '127.0.0.1',
  });
  const recording = await startRecording({ target: server.url, output: join(dir, 'recorded.yaml'), port: 0 });
  await clientSession(recording.proxy.url);
  result = await recording.stop();
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a recorded client session', () => {
  it('writes a scenario that loads, whose actors get the recorded accounts back on a replay', () => {
    const { scenario } = loadScenarioFile(result.file);
    const accounts = resolveActors(scenario.actors, devRealmAccounts()) as Record<string, Account | null>;
    const actorOf = (request: string) => scenario.steps.find((s) => s.request === request)!.as!;
    expect(accounts[actorOf('GET /users/me')]?.email).toBe(HAMLET.email);
    expect(accounts[scenario.steps.find((s) => s.register)!.as!]?.email).toBe(CORDELIA.email);
    expect(accounts[actorOf('DELETE /messages/{msg1}')]?.email).toBe(IAGO.email);
    expect(actorOf('GET /server_settings')).toBe('anonymous');
    expect(scenario.actors.anonymous).toBe('none');
    expect(scenario.actors[actorOf('DELETE /messages/{msg1}')]).toBe('administrator');
    expect(scenario.mutates).toBe(true);
    expect(scenario.name).toContain(server.url);
  });

  it('contains no API key and no e-mail address', () => {
    const text = readFileSync(result.file, 'utf8');
    for (const secret of [HAMLET.key, CORDELIA.key, IAGO.key, HAMLET.email, CORDELIA.email, IAGO.email])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[a-z]+@svc\.test/i);
  });

  it('turns ids into captures and polls into register and await_events steps', () => {
    const { scenario } = loadScenarioFile(result.file);
    const steps = scenario.steps;
    const send = steps.find((s) => s.request === 'POST /messages');
    expect(send?.capture).toEqual({ msg1: '/id' });
    expect(steps.find((s) => s.register)?.queue).toBe('queue1');
    expect(steps.filter((s) => s.await_events).map((s) => s.await_events!.queue)).toEqual([
      'queue1',
      'queue1',
    ]);
    // The delete is read back by a later step, so it stays a step; the queue's delete is clean-up.
    expect(steps.map((s) => s.request).filter(Boolean)).toContain('DELETE /messages/{msg1}');
    expect(scenario.teardown?.find((s) => s.request === 'DELETE /events')?.params).toEqual({
      queue_id: '{queue1.queue_id}',
    });
  });

  it('replays green against a fresh mock server over HTTP and against the in-process mock', async () => {
    const loaded = loadScenarioFile(result.file);
    const fresh = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), {
      port: 0,
      host: '127.0.0.1',
    });
    try {
      for (const target of [createHttpTarget(fresh.url, { features: ['control'] }), createMockTarget()]) {
        const outcome = await runScenario(loaded, {
          target,
          accounts: devRealmAccounts(),
          featureLevel: 500,
          runId: 'replay',
          pollIntervalMs: 20,
        });
        await target.close();
        expect([target.name, outcome.outcome, formatFailures(outcome)]).toEqual([target.name, 'passed', '']);
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('a recorded administration session', () => {
  it('captures created channel, draft, invite, group and snippet ids by kind, and replays green', async () => {
    const recording = await startRecording({ target: server.url, output: join(dir, 'admin.yaml'), port: 0 });
    const base = `${recording.proxy.url}/api/v1`;
    const call = async (who: { email: string; key: string }, method: string, path: string, params = {}) => {
      const form = new URLSearchParams(params).toString();
      const get = method === 'GET';
      const headers: Record<string, string> = {
        authorization: `Basic ${Buffer.from(`${who.email}:${who.key}`).toString('base64')}`,
      };
      if (!get) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await fetch(`${base}${path}${get && form ? `?${form}` : ''}`, {
        method,
        headers,
        body: get ? undefined : form,
      });
      return (await response.json()) as Record<string, unknown>;
    };
    await call(IAGO, 'POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'recorded channel' }]),
      principals: JSON.stringify([HAMLET.email]),
    });
    const stream_id = Number(
      (await call(IAGO, 'GET', '/get_stream_id', { stream: 'recorded channel' })).stream_id,
    );
    await call(IAGO, 'PATCH', `/streams/${stream_id}`, { description: 'made by a recording' });
    const drafts = await call(HAMLET, 'POST', '/drafts', {
      drafts: JSON.stringify([{ type: 'stream', to: [stream_id], topic: 't', content: 'draft' }]),
    });
    await call(HAMLET, 'DELETE', `/drafts/${(drafts.ids as number[])[0]}`);
    await call(IAGO, 'POST', '/invites', {
      invitee_emails: 'someone.new@svc.test',
      stream_ids: `[${stream_id}]`,
    });
    const invites = (await call(IAGO, 'GET', '/invites')).invites as Array<{ id: number }>;
    await call(IAGO, 'DELETE', `/invites/${invites.at(-1)!.id}`);
    const group = await call(IAGO, 'POST', '/user_groups/create', {
      name: 'recorded',
      description: 'x',
      members: '[]',
    });
    await call(IAGO, 'GET', `/user_groups/${String(group.group_id)}/members`);
    await call(HAMLET, 'POST', '/saved_snippets', { title: 'hi', content: 'there' });
    await call(HAMLET, 'GET', '/saved_snippets');
    const recorded = await recording.stop();
    expect(recorded.text).not.toContain('someone.new@svc.test');
    const requests = recorded.scenario.steps.map((s) => s.request);
    expect(requests).toEqual(
      expect.arrayContaining(['PATCH /streams/{channel1}', 'GET /user_groups/{group1}/members']),
    );
    // Deletes of what the recording made are clean-up, run as teardown even after a failed step.
    expect(recorded.scenario.teardown?.map((s) => s.request)).toEqual([
      'DELETE /drafts/{draft1}',
      'DELETE /invites/{invite1}',
    ]);
    // The channel the recording created is a new one on each replay.
    expect(recorded.scenario.steps[0]!.params).toMatchObject({
      subscriptions: [{ name: 'recorded channel {run}' }],
    });
    const snippets = recorded.scenario.steps.at(-1)!.expect!.body as {
      saved_snippets: Array<{ id: unknown }>;
    };
    // Only the snippet's own capture is read into a snippet id, never an invite id of the same value.
    expect(snippets.saved_snippets.map((s) => s.id).filter((id) => typeof id === 'string')).toEqual([
      '{snippet1}',
    ]);
    const fresh = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), {
      port: 0,
      host: '127.0.0.1',
    });
    const target = createHttpTarget(fresh.url);
    try {
      const outcome = await runScenario(loadScenarioFile(recorded.file), {
        target,
        accounts: devRealmAccounts(),
        featureLevel: 500,
        runId: 'admin',
        pollIntervalMs: 20,
      });
      expect([outcome.outcome, formatFailures(outcome)]).toEqual(['passed', '']);
    } finally {
      await target.close();
      await fresh.close();
    }
  });
});

describe('a recording replayed on the server it was recorded from', () => {
  it('puts clean-up into teardown, leaves state out of expectations, names what it made per run, and replays green twice', async () => {
    const own = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), {
      port: 0,
      host: '127.0.0.1',
    });
    const target = createHttpTarget(own.url, { features: ['control'] });
    try {
      const recording = await startRecording({ target: own.url, output: join(dir, 'again.yaml'), port: 0 });
      const base = `${recording.proxy.url}/api/v1`;
      const call = async (who: { email: string; key: string }, method: string, path: string, params = {}) => {
        const form = new URLSearchParams(params).toString();
        const get = method === 'GET';
        const headers: Record<string, string> = {
          authorization: `Basic ${Buffer.from(`${who.email}:${who.key}`).toString('base64')}`,
        };
        if (!get) headers['content-type'] = 'application/x-www-form-urlencoded';
        const response = await fetch(`${base}${path}${get && form ? `?${form}` : ''}`, {
          method,
          headers,
          body: get ? undefined : form,
        });
        return (await response.json()) as Record<string, unknown>;
      };
      const sent = await call(HAMLET, 'POST', '/messages', {
        type: 'stream',
        to: 'Verona',
        topic: 'release plan',
        content: 'first draft of the plan',
      });
      // The first message of a new topic: the sender now follows it (a replay on this server would not).
      expect(sent.automatic_new_visibility_policy).toEqual(expect.any(Number));
      await call(HAMLET, 'GET', '/messages', {
        anchor: 'newest',
        num_before: '5',
        num_after: '0',
        apply_markdown: 'false',
        narrow: JSON.stringify([
          { operator: 'channel', operand: 'Verona' },
          { operator: 'topic', operand: 'release plan' },
        ]),
      });
      await call(HAMLET, 'PATCH', '/settings', { left_side_userlist: 'true' });
      await call(HAMLET, 'GET', `/messages/${String(sent.id)}`);
      await call(IAGO, 'DELETE', `/messages/${String(sent.id)}`);
      await call(HAMLET, 'PATCH', '/settings', { left_side_userlist: 'false' });
      const recorded = await recording.stop();
      const { scenario } = recorded;
      expect(scenario.teardown?.map((s) => s.request)).toEqual([
        'DELETE /messages/{msg1}',
        'PATCH /settings',
      ]);
      expect(scenario.steps.map((s) => s.request)).toEqual([
        'POST /messages',
        'GET /messages',
        'PATCH /settings',
        'GET /messages/{msg1}',
      ]);
      expect(recorded.text).not.toContain('automatic_new_visibility_policy');
      expect(scenario.steps[0]!.params).toMatchObject({ to: 'Verona', topic: 'release plan {run}' });
      expect(JSON.stringify(scenario.steps[1]!.params)).toContain('"operand":"release plan {run}"');
      const loaded = loadScenarioFile(recorded.file);
      for (const runId of ['again1', 'again2']) {
        const outcome = await runScenario(loaded, {
          target,
          accounts: devRealmAccounts(),
          featureLevel: 500,
          runId,
          pollIntervalMs: 20,
        });
        expect([runId, outcome.outcome, formatFailures(outcome)]).toEqual([runId, 'passed', '']);
      }
    } finally {
      await target.close();
      await own.close();
    }
  });
});
