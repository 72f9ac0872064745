import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../testing/accounts.js';
import { basicAuth, describeTransports } from '../testing/transports.js';

const WWW = 'Basic realm="svc"';

describeTransports('HTTP Basic authentication', (t) => {
  it('accepts the e-mail and API key of an active user', async () => {
    const res = await t().as(MEMBER).get('users/me');
    expect(res.status).toBe(200);
    expect(res.body.delivery_email).toBe(MEMBER);
  });

  it('answers 401 UNAUTHORIZED with WWW-Authenticate when no credentials are sent', async () => {
    const res = await t().anonymous.get('users/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(WWW);
    expect(res.body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED',
      msg: 'Not logged in: API authentication or user session required',
    });
  });

  it('refuses a wrong API key', async () => {
    const key = 'A'.repeat(32);
    const res = await t().anonymous.get(
      'users/me',
      {},
      { headers: { authorization: `Basic ${btoa(`${MEMBER}:${key}`)}` } },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(WWW);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key' });
  });

  it("refuses another user's key with this user's e-mail", async () => {
    const stolen = atob(basicAuth(t().app, ADMIN).slice(6)).split(':')[1];
    const res = await t().anonymous.get(
      'users/me',
      {},
      { headers: { authorization: `Basic ${btoa(`${MEMBER}:${stolen}`)}` } },
    );
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Invalid API key');
  });

  it('calls a key that is not 32 letters and digits malformed', async () => {
    const res = await t().anonymous.get(
      'users/me',
      {},
      { headers: { authorization: `Basic ${btoa(`${MEMBER}:short`)}` } },
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Malformed API key' });
  });

  it('rejects a header that is not Basic, or not decodable', async () => {
    const bearer = await t().anonymous.get('users/me', {}, { headers: { authorization: 'Bearer abc' } });
    expect(bearer.status).toBe(401);
    expect(bearer.body.msg).toBe('This endpoint requires HTTP basic authentication.');
    const garbage = await t().anonymous.get('users/me', {}, { headers: { authorization: 'Basic !!!' } });
    expect(garbage.status).toBe(401);
    expect(garbage.body.msg).toBe('Invalid authorization header for basic auth');
  });

  it('refuses a deactivated user and a deactivated bot', async () => {
    const { app } = t();
    const inactive = [...app.store.state.users.values()].filter((u) => !u.is_active);
    expect(inactive.length).toBeGreaterThan(0);
    for (const user of inactive) {
      const auth = `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`;
      const res = await t().anonymous.get('users/me', {}, { headers: { authorization: auth } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Account is deactivated' });
    }
  });

  it('accepts a bot with its own e-mail and key', async () => {
    const bot = [...t().app.store.state.users.values()].find(
      (u) => u.is_bot && u.is_active && !u.is_system_bot,
    )!;
    const res = await t().as(bot.delivery_email).get('users/me');
    expect(res.status).toBe(200);
    expect(res.body.is_bot).toBe(true);
  });
});
