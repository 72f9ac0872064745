import jsMd5 from 'js-md5';
import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { basicAuth, describeTransports } from '../../testing/transports.js';

describeTransports('GET /avatar/{user_id_or_email}', (t) => {
  const auth = () => ({ authorization: basicAuth(t().app, ADMIN) });
  const get = (path: string, headers: Record<string, string> = auth()) =>
    t().raw(path, { headers, redirect: 'manual' });
  const gravatar = (email: string, medium = '') =>
    `https://secure.gravatar.com/avatar/${jsMd5.md5(email.toLowerCase())}?d=identicon${medium}&version=1`;
  const hamlet = () => t().app.store.state.usersByEmail.get(MEMBER)!;

  it('redirects to the user’s avatar by id or e-mail, medium size too', async () => {
    for (const path of [`/avatar/${hamlet().user_id}`, `/avatar/${MEMBER}`]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(gravatar(MEMBER));
    }
    const medium = await get(`/avatar/${hamlet().user_id}/medium`);
    expect(medium.headers.get('location')).toBe(gravatar(MEMBER, '&s=500'));
  });

  it('redirects to an uploaded avatar, passing the query string on', async () => {
    Object.assign(hamlet(), { avatar_source: 'U', avatar_version: 3 });
    const res = await get(`/avatar/${hamlet().user_id}?s=50&foo=bar`);
    expect(res.headers.get('location')).toBe(
      `/user_avatars/2/${hamlet().user_id}.png?version=3&s=50&foo=bar`,
    );
  });

  it('computes the external avatar of an unknown address', async () => {
    const res = await get('/avatar/Nobody@Example.com');
    expect(res.headers.get('location')).toBe(gravatar('nobody@example.com'));
  });

  it('accepts ?api_key= instead of Basic auth', async () => {
    const res = await get(`/avatar/${hamlet().user_id}?api_key=${hamlet().api_key}`, {});
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${gravatar(MEMBER)}&api_key=${hamlet().api_key}`);
  });

  it('refuses a wrong api_key and, without spectator access, anonymous requests', async () => {
    const wrong = await get(`/avatar/1?api_key=${'x'.repeat(32)}`, {});
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid API key' });
    const malformed = await get('/avatar/1?api_key=short', {});
    expect(malformed.status).toBe(401);
    expect(malformed.headers.get('www-authenticate')).toBe('Basic realm="svc"');
    expect(await malformed.json()).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Malformed API key' });
    expect((await get('/avatar/1', {})).status).toBe(302);
    t().app.store.state.settings.enable_spectator_access = false;
    const anonymous = await get('/avatar/1', {});
    expect(anonymous.status).toBe(401);
  });
});
