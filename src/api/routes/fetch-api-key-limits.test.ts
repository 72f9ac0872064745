import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createManualClock } from '../../store/clock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { createTraffic, PASSWORD_ATTEMPT_RATE, type TrafficPatch } from '../traffic/index.js';

const START = Date.UTC(2025, 0, 1);

function setUp(settings?: TrafficPatch) {
  const clock = createManualClock(START);
  const traffic = createTraffic({ clock, settings });
  const app = createApp({ realm: preparedDevRealm(), clock, traffic, logError: () => {} });
  const login = async (username: string, password: string) => {
    const res = await app.fetch(
      new Request('http://localhost/api/v1/fetch_api_key', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
      }),
    );
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, code: body.code, retryAfter: res.headers.get('Retry-After'), body };
  };
  return { clock, login };
}

describe('POST /fetch_api_key: password attempts per username', () => {
  it('uses the real server numbers: 5 attempts per 30 minutes', () => {
    expect(PASSWORD_ATTEMPT_RATE).toEqual({ limit: 5, windowSeconds: 1800 });
  });

  it('refuses the sixth attempt in 30 minutes with 429, even with the right password, while rate limits are on', async () => {
    const { login } = setUp({ rateLimit: true });
    for (let i = 0; i < 5; i++) expect((await login('hamlet@svc.test', 'wrong')).status).toBe(401);
    const limited = await login('hamlet@svc.test', 'hamlet-svc-dev');
    expect([limited.status, limited.code, limited.body.msg, limited.retryAfter]).toEqual([
      429,
      'RATE_LIMIT_HIT',
      'API usage exceeded rate limit',
      '1800',
    ]);
    // Another username has its own bucket.
    expect((await login('iago@svc.test', 'iago-svc-dev')).status).toBe(200);
  });

  it('lets the username in again once the window has passed', async () => {
    const { clock, login } = setUp({ rateLimit: '200/60s' });
    for (let i = 0; i < 5; i++) await login('hamlet@svc.test', 'wrong');
    await clock.advance(29 * 60 * 1000);
    expect((await login('hamlet@svc.test', 'hamlet-svc-dev')).status).toBe(429);
    await clock.advance(60 * 1000);
    expect((await login('hamlet@svc.test', 'hamlet-svc-dev')).status).toBe(200);
  });

  it('forgets the attempts of a username after a successful login', async () => {
    const { login } = setUp({ rateLimit: true });
    for (let i = 0; i < 4; i++) await login('hamlet@svc.test', 'wrong');
    expect((await login('hamlet@svc.test', 'hamlet-svc-dev')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('hamlet@svc.test', 'wrong')).status).toBe(401);
    expect((await login('hamlet@svc.test', 'hamlet-svc-dev')).status).toBe(200);
  });

  it('does not limit attempts while rate limits are off or turned off for the endpoint', async () => {
    for (const settings of [
      undefined,
      { rateLimit: true, ipRateLimit: null, endpoints: { 'POST /fetch_api_key': { rateLimit: null } } },
    ]) {
      const { login } = setUp(settings);
      for (let i = 0; i < 6; i++) expect((await login('hamlet@svc.test', 'wrong')).status).toBe(401);
      expect((await login('hamlet@svc.test', 'hamlet-svc-dev')).status).toBe(200);
    }
  });
});
