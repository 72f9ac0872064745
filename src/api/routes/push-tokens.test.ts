import { expect, it } from 'vitest';
import { MEMBER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

const HEX = 'c0ffee'.repeat(10) + 'abcd';

describeTransports('APNs device tokens', (t) => {
  const tokens = () => t().app.store.state.pushTokens;

  it('registers and removes a token (hex or base64), registering twice keeps one', async () => {
    expect(
      (await t().as(MEMBER).post('users/me/apns_device_token', { token: HEX, appid: 'org.svc.app' })).status,
    ).toBe(200);
    expect(
      (await t().as(MEMBER).post('users/me/apns_device_token', { token: HEX, appid: 'org.svc.other' }))
        .status,
    ).toBe(200);
    expect(
      (await t().as(MEMBER).post('users/me/apns_device_token', { token: 'wP/uwP/u', appid: 'org.svc.app' }))
        .status,
    ).toBe(200);
    expect(tokens().map((x) => [x.token, x.appid])).toEqual([
      [HEX, 'org.svc.other'],
      ['wP/uwP/u', 'org.svc.app'],
    ]);
    expect((await t().as(MEMBER).delete('users/me/apns_device_token', { token: HEX })).status).toBe(200);
    expect(tokens()).toHaveLength(1);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['an empty token', { token: '', appid: 'a' }, 'Empty or invalid length token'],
    [
      'a token over 4096 characters',
      { token: 'a'.repeat(4098), appid: 'a' },
      'Empty or invalid length token',
    ],
    ['a token that is neither hex nor base64', { token: 'not a token!', appid: 'a' }, 'Invalid APNS token'],
    ['a missing appid', { token: HEX }, "Missing 'appid' argument"],
    ['a missing token', { appid: 'a' }, "Missing 'token' argument"],
  ];
  for (const [what, params, msg] of refusals) {
    it(`refuses ${what}`, async () => {
      const res = await t().as(MEMBER).post('users/me/apns_device_token', params);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
      expect(tokens()).toEqual([]);
    });
  }

  it('refuses bots', async () => {
    const res = await t()
      .as('default-bot@svc.test')
      .post('users/me/apns_device_token', { token: HEX, appid: 'a' });
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'This endpoint does not accept bot requests.',
    });
    expect(tokens()).toEqual([]);
  });

  it('refuses removing a token that was never registered', async () => {
    await t().as(MEMBER).post('users/me/apns_device_token', { token: HEX, appid: 'a' });
    const res = await t().as(MEMBER).delete('users/me/apns_device_token', { token: 'abcd' });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Token does not exist' });
    expect(tokens()).toHaveLength(1);
  });
});
