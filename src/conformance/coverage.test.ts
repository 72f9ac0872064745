import { describe, expect, it } from 'vitest';
import { levelOf } from '../versions/index.js';
import { computeCoverage, coverageFigures, coverageSummary } from './coverage.js';
import type { ScenarioResult, StepRecord } from './transcript.js';

type Exchange = {
  method: string;
  path: string;
  params?: Record<string, unknown>;
  status?: number;
  body?: unknown;
  received?: unknown[];
};

function step({ method, path, params = {}, status = 200, body = {}, received }: Exchange): StepRecord {
  return {
    section: 'steps',
    index: 0,
    name: `${method} ${path}`,
    outcome: 'passed',
    captures: {},
    failures: [],
    request: { method, path, params, actor: 'alice', role: 'member' },
    response: { status, headers: {}, body },
    ...(received ? { events: { queue: 'alice', received, matched: [], polls: 1 } } : {}),
  } as StepRecord;
}

function result(featureLevel: number, ...exchanges: Exchange[]): ScenarioResult {
  return {
    file: 'scenarios/x.yaml',
    name: 'x',
    outcome: 'passed',
    runId: 'r',
    featureLevel,
    steps: exchanges.map(step),
    failures: [],
    durationMs: 1,
  };
}

const row = (c: ReturnType<typeof computeCoverage>, endpoint: string) =>
  c.endpoints.find((e) => e.endpoint === endpoint);

describe('endpoints and parameters', () => {
  it('counts a path parameter as used when its route is reached', () => {
    const c = computeCoverage([result(435, { method: 'GET', path: '/api/v1/messages/7' })]);
    expect(row(c, 'GET /api/v1/messages/{message_id}')?.params.used).toEqual(['message_id']);
    expect(row(c, 'GET /api/v1/messages/{message_id}')?.params.unused).not.toContain('message_id');
    expect(row(c, 'DELETE /api/v1/messages/{message_id}')?.params.unused).toContain('message_id');
  });

  it('lists parameters the schema does not name apart, outside the totals', () => {
    const sent = result(435, {
      method: 'POST',
      path: '/api/v1/users/me/alert_words',
      params: { alert_words: ['x'], made_up: 1 },
    });
    const c = computeCoverage([sent]);
    const alert = row(c, 'POST /api/v1/users/me/alert_words')!;
    expect(alert.params).toEqual({ used: ['alert_words'], unused: [], notInSchema: ['made_up'] });
    expect(coverageFigures(c).parameters.total).toBe(
      coverageFigures(computeCoverage([], { featureLevel: 435 })).parameters.total,
    );
    expect(coverageSummary(c)).toContain('+ 1 not in the schema');
  });

  it('keeps the parameter total whatever the selection ran', () => {
    const one = computeCoverage([result(435, { method: 'GET', path: '/api/v1/users/me' })]);
    const other = computeCoverage([
      result(435, { method: 'GET', path: '/api/v1/streams', params: { include_public: true } }),
    ]);
    expect(coverageFigures(one).parameters.total).toBe(coverageFigures(other).parameters.total);
    expect(coverageFigures(other).parameters.covered).toBe(1);
  });

  it('leaves the mock-only routes out of the total for a target without the control API', () => {
    const runs = [result(435, { method: 'GET', path: '/svc-mock/clock' })];
    const withControl = computeCoverage(runs, { control: true });
    const without = computeCoverage(runs, { control: false });
    expect(row(withControl, 'GET /svc-mock/clock')?.requests).toBe(1);
    expect(row(without, 'GET /svc-mock/clock')).toBeUndefined();
    expect(without.endpoints.some((e) => e.endpoint.includes('/svc-mock/'))).toBe(false);
    expect(coverageFigures(without).endpoints.total).toBeLessThan(
      coverageFigures(withControl).endpoints.total,
    );
    expect(coverageSummary(without)).toContain('mock-only routes not counted');
  });

  it('leaves endpoints that appeared after the target level out of the total', () => {
    const level = levelOf('saved_snippets_endpoints');
    const before = computeCoverage([], { featureLevel: level - 1 });
    const at = computeCoverage([], { featureLevel: level });
    expect(row(before, 'GET /api/v1/saved_snippets')).toBeUndefined();
    expect(row(at, 'GET /api/v1/saved_snippets')).toMatchObject({ requests: 0 });
    expect(row(before, 'GET /api/v1/users/me')).toBeDefined();
  });
});

describe('error codes at the feature level', () => {
  const refusal = (code: string): Exchange => ({
    method: 'POST',
    path: '/api/v1/users/me/subscriptions',
    status: 400,
    body: { result: 'error', msg: 'x', code },
  });

  it('counts UNAUTHORIZED_PRINCIPAL only below the level that made it BAD_REQUEST', () => {
    const level = levelOf('principal_errors_bad_request');
    expect(Object.keys(computeCoverage([], { featureLevel: level - 1 }).errorCodes.spec)).toContain(
      'UNAUTHORIZED_PRINCIPAL',
    );
    const now = computeCoverage([result(level, refusal('UNAUTHORIZED_PRINCIPAL'))]);
    expect(Object.keys(now.errorCodes.spec)).not.toContain('UNAUTHORIZED_PRINCIPAL');
    expect(now.errorCodes.other).toEqual({ UNAUTHORIZED_PRINCIPAL: 1 });
  });

  it('counts the wildcard codes and REACTION_DOES_NOT_EXIST from the levels that brought them', () => {
    const codes = (featureLevel: number) =>
      Object.keys(computeCoverage([], { featureLevel }).errorCodes.spec);
    expect(codes(levelOf('wildcard_mention_codes') - 1)).not.toContain('STREAM_WILDCARD_MENTION_NOT_ALLOWED');
    expect(codes(levelOf('wildcard_mention_codes'))).toContain('TOPIC_WILDCARD_MENTION_NOT_ALLOWED');
    expect(codes(levelOf('reaction_does_not_exist_code') - 1)).not.toContain('REACTION_DOES_NOT_EXIST');
    expect(codes(levelOf('reaction_does_not_exist_code'))).toContain('REACTION_DOES_NOT_EXIST');
  });

  it('takes the level of the results when none is given, every level of a mixed set', () => {
    const c = computeCoverage([result(200), result(435)]);
    expect(c.featureLevels).toEqual([200, 435]);
    expect(Object.keys(c.errorCodes.spec)).toEqual(
      expect.arrayContaining(['UNAUTHORIZED_PRINCIPAL', 'REACTION_DOES_NOT_EXIST', 'BAD_REQUEST']),
    );
  });
});

describe('event types at the feature level', () => {
  it('has channel_folder and navigation_view only from the levels that brought them', () => {
    const types = (featureLevel: number) => Object.keys(computeCoverage([], { featureLevel }).eventTypes);
    expect(types(levelOf('field_channel_folders') - 1)).not.toContain('channel_folder');
    expect(types(levelOf('field_channel_folders'))).toContain('channel_folder');
    expect(types(levelOf('field_navigation_views') - 1)).not.toContain('navigation_view');
    expect(types(levelOf('field_navigation_views'))).toEqual(
      expect.arrayContaining(['navigation_view', 'message', 'heartbeat']),
    );
  });

  it('counts events of await steps and of GET /events answers; unknown types stay out of the total', () => {
    const c = computeCoverage([
      result(
        435,
        { method: 'GET', path: '/api/v1/events', received: [{ type: 'message' }, { type: 'no_such_event' }] },
        { method: 'GET', path: '/api/v1/events', body: { events: [{ type: 'heartbeat', id: 3 }] } },
      ),
    ]);
    expect(c.eventTypes.message).toBe(1);
    expect(c.eventTypes.heartbeat).toBe(1);
    expect(c.otherEventTypes).toEqual({ no_such_event: 1 });
    expect(coverageFigures(c).eventTypes).toEqual({
      covered: 2,
      total: Object.keys(computeCoverage([], { featureLevel: 435 }).eventTypes).length,
    });
  });
});
