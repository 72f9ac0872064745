import { beforeEach, expect, it } from 'vitest';
import { MEMBER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import type { MockControl } from '../control.js';
import { createTraffic } from '../traffic/index.js';

const traffic = createTraffic({ seed: 5, sleep: () => Promise.resolve() });
beforeEach(() => traffic.clear());

const OFF = { endpoints: {}, users: {} };
/** These routes only need the control API to be on; they never call it. */
const CONTROL_ON = {} as MockControl;

describeTransports(
  '/svc-mock/faults',
  (t) => {
    const control = () => t().anonymous;
    beforeEach(() => {
      t().app.services.control = CONTROL_ON;
    });

    it('reads, sets (form fields), and clears the settings', async () => {
      expect((await control().get('/svc-mock/faults')).body.faults).toEqual(OFF);
      const set = await control().request('PUT', '/svc-mock/faults', {
        latency: '50..300',
        fail_rate: '0.25',
        fail_kinds: '503,drop',
        rate_limit: '200/60s',
      });
      expect(set.status).toBe(200);
      const expected = {
        latency: { min: 50, max: 300 },
        fail_rate: 0.25,
        fail_kinds: ['503', 'drop'],
        rate_limit: { limit: 200, window_seconds: 60 },
        ...OFF,
      };
      expect(set.body.faults).toEqual(expected);
      expect((await control().get('/svc-mock/faults')).body.faults).toEqual(expected);
      expect((await control().delete('/svc-mock/faults')).body.faults).toEqual(OFF);
      expect(traffic.get()).toEqual(OFF);
    });

    it('answers in the names its parameters take, and takes back what it answered', async () => {
      const set = await control().post(
        '/svc-mock/faults',
        { rate_limit: { limit: 3, window_seconds: 30 }, users: { [MEMBER]: { ip_rate_limit: '7/10s' } } },
        { encoding: 'json' },
      );
      expect(set.body.faults).toEqual({
        rate_limit: { limit: 3, window_seconds: 30 },
        endpoints: {},
        users: { [MEMBER]: { ip_rate_limit: { limit: 7, window_seconds: 10 } } },
      });
      await control().delete('/svc-mock/faults');
      const again = await control().post('/svc-mock/faults', set.body.faults, { encoding: 'json' });
      expect(again.body.faults).toEqual(set.body.faults);
      expect(traffic.get().rateLimit).toEqual({ limit: 3, windowSeconds: 30 });
    });

    it('takes a JSON body with endpoint and user layers, which then apply to the API', async () => {
      const res = await control().post(
        '/svc-mock/faults',
        {
          endpoints: { 'GET /users/me': { rate_limit: '1/60s' } },
          users: { [MEMBER]: { fail_rate: 1, fail_kinds: ['502'] } },
        },
        { encoding: 'json' },
      );
      expect(res.status).toBe(200);
      expect(res.body.faults.endpoints).toEqual({
        'GET /users/me': { rate_limit: { limit: 1, window_seconds: 60 } },
      });
      expect((await t().as(MEMBER).get('users', {}, { unchecked: true })).status).toBe(502);
      await control().post('/svc-mock/faults', { users: { [MEMBER]: null } }, { encoding: 'json' });
      expect((await t().as(MEMBER).get('users/me')).status).toBe(200);
      expect((await t().as(MEMBER).get('users/me')).status).toBe(429);
    });

    it('refuses bad input with the error envelope and changes nothing', async () => {
      await control().request('PUT', '/svc-mock/faults', { latency: '10' });
      for (const [params, msg] of [
        [{ latency: 'slow' }, "Invalid latency 'slow': expected milliseconds like 50..300 or 100"],
        [{ fail_rate: '-1' }, "Invalid fail rate '-1': expected a number from 0 to 1"],
        [{ endpoints: '{nope' }, 'Argument "endpoints" is not valid JSON.'],
        [
          { endpoints: '{"messages": {}}' },
          "Invalid endpoint 'messages': expected a method and a path like 'POST /messages'",
        ],
        [{ users: '{"x@y.z": {"speed": 1}}' }, "Unknown users['x@y.z'] field 'speed'"],
        [
          {},
          'No settings given: use latency, fail_rate, fail_kinds, rate_limit, ip_rate_limit, endpoints or users',
        ],
      ] as const) {
        const res = await control().request('PUT', '/svc-mock/faults', params);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
      }
      const unknown = await control().request('PUT', '/svc-mock/faults', { speed: '3' });
      expect(unknown.body.result).toBe('error');
      expect(traffic.get()).toEqual({ latency: { min: 10, max: 10 }, ...OFF });
    });
  },
  { traffic },
);

describeTransports('/svc-mock/faults without control or traffic', (t) => {
  it('is an unknown endpoint while the control API is off', async () => {
    const res = await t().anonymous.request('PUT', '/svc-mock/faults', { latency: '10' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      result: 'error',
      msg: 'Not Found: no endpoint PUT /svc-mock/faults',
      code: 'BAD_REQUEST',
    });
  });

  it('explains that the app has no traffic shaper when control is on', async () => {
    t().app.services.control = CONTROL_ON;
    const res = await t().anonymous.get('/svc-mock/faults');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/not enabled on this mock/);
  });
});
