import { expect, it } from 'vitest';
import { MEMBER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('POST /dev_fetch_api_key', (t) => {
  it("returns the user's API key, delivery e-mail and id without credentials", async () => {
    const user = t().app.store.state.usersByEmail.get(MEMBER)!;
    const res = await t().anonymous.post('dev_fetch_api_key', { username: MEMBER.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      api_key: user.api_key,
      email: MEMBER,
      user_id: user.user_id,
    });
    const me = await t().anonymous.get(
      'users/me',
      {},
      { headers: { authorization: `Basic ${btoa(`${MEMBER}:${res.body.api_key}`)}` } },
    );
    expect(me.status).toBe(200);
  });

  it('answers 401 AUTHENTICATION_FAILED for an unknown user', async () => {
    const res = await t().anonymous.post('dev_fetch_api_key', { username: 'nobody@svc.test' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'AUTHENTICATION_FAILED',
      msg: 'Your username or password is incorrect',
    });
  });

  it('answers 401 USER_DEACTIVATED for a deactivated user', async () => {
    const inactive = [...t().app.store.state.users.values()].find((u) => !u.is_active && !u.is_bot)!;
    const res = await t().anonymous.post('dev_fetch_api_key', { username: inactive.delivery_email });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
  });
});

describeTransports(
  'POST /dev_fetch_api_key on a production server',
  (t) => {
    it('is refused', async () => {
      const res = await t().anonymous.post('dev_fetch_api_key', { username: MEMBER });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Endpoint not available in production.' });
    });

    it('is not advertised in server_settings', async () => {
      const res = await t().anonymous.get('server_settings');
      expect(res.body.authentication_methods.dev).toBe(false);
    });
  },
  { production: true },
);
