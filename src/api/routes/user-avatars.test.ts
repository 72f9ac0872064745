import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { avatarColor, initials } from '../avatar-svg.js';

describeTransports('GET /user_avatars/{realm_id}/{avatar_file}', (t) => {
  // Iago has an uploaded avatar in the dev realm.
  const iago = () => t().app.store.state.usersByEmail.get(ADMIN)!;

  const expectSvgAvatar = async (res: Response, size: number) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`width="${size}"`);
    expect(svg).toContain(`fill="${avatarColor(iago().user_id)}"`);
    expect(svg).toContain(`>${initials(iago().full_name)}</text>`);
  };

  it('serves the avatar_url that users and messages carry', async () => {
    const user = await t().as(MEMBER).get(`users/${iago().user_id}`);
    const url: string = user.body.user.avatar_url;
    expect(url).toMatch(/^\/user_avatars\/\d+\/\d+\.png\?version=\d+$/);
    await expectSvgAvatar(await t().raw(url), 100);

    const narrow = JSON.stringify([{ operator: 'sender', operand: iago().user_id }]);
    const messages = await t()
      .as(MEMBER)
      .get('messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow });
    expect(messages.body.messages[0].avatar_url).toBe(url);
  });

  it('serves what GET /avatar/{id} redirects to, medium size too', async () => {
    for (const [path, size] of [
      [`/avatar/${iago().user_id}`, 100],
      [`/avatar/${iago().user_id}/medium`, 500],
    ] as const) {
      const redirect = await t().raw(path, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      await expectSvgAvatar(await t().raw(redirect.headers.get('location')!), size);
    }
  });

  it('answers 404 for an unknown user or another realm', async () => {
    const realmId = t().app.store.state.realm.id;
    for (const path of [`/user_avatars/${realmId}/9999.png`, `/user_avatars/${realmId + 1}/11.png`]) {
      const res = await t().raw(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    }
  });
});

it('draws up to two initials, from the first and last words', () => {
  expect(initials('King Hamlet')).toBe('KH');
  expect(initials('Iago')).toBe('I');
  expect(initials('  élise de la Tour ')).toBe('ÉT');
  expect(initials('')).toBe('?');
});
