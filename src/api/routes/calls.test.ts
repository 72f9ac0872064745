import { expect, it } from 'vitest';
import { MEMBER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

const CASES = [
  {
    path: 'calls/constructorgroups/create',
    params: {},
    id: 6,
    key: 'constructor_groups',
    name: 'Constructor Groups',
    refusal: 'Constructor Groups is not configured.',
    url: /^https:\/\/svc\.constructor\.app\/groups\/room\/svc-room-\d+$/,
  },
  {
    path: 'calls/nextcloud_talk/create',
    params: { room_name: '#Verona > check-in' },
    id: 7,
    key: 'nextcloud_talk',
    name: 'Nextcloud Talk',
    refusal: 'Nextcloud Talk is not configured.',
    url: /^https:\/\/nextcloud\.svc\.test\/index\.php\/call\/svc[0-9a-z]{8}$/,
  },
  {
    path: 'calls/webex/create',
    params: {},
    id: 8,
    key: 'webex',
    name: 'Webex',
    refusal: 'Webex credentials have not been configured',
    url: /^https:\/\/svc\.webex\.com\/svc\/j\.php\?MTID=m[0-9a-f]{32}$/,
  },
] as const;

describeTransports('POST /calls/*/create', (t) => {
  for (const c of CASES) {
    it(`refuses ${c.path} while the realm's provider is Jitsi Meet`, async () => {
      const res = await t().as(MEMBER).post(c.path, c.params);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: c.refusal });
    });

    it(`answers a new ${c.name} URL per call when the realm uses it, and offers the provider`, async () => {
      t().app.store.state.settings.video_chat_provider = c.id;
      const first = await t().as(MEMBER).post(c.path, c.params);
      const second = await t().as(MEMBER).post(c.path, c.params);
      expect(first.body).toEqual({ result: 'success', msg: '', url: expect.stringMatching(c.url) });
      expect(second.body.url).toMatch(c.url);
      expect(second.body.url).not.toBe(first.body.url);
      const registered = await t()
        .as(MEMBER)
        .post('register', { fetch_event_types: ['realm', 'video_calls'] });
      expect(registered.body.realm_available_video_chat_providers[c.key]).toEqual({
        name: c.name,
        id: c.id,
      });
      expect(registered.body.has_webex_token).toBe(c.key === 'webex');
    });
  }

  it('requires room_name for Nextcloud Talk', async () => {
    t().app.store.state.settings.video_chat_provider = 7;
    const res = await t().as(MEMBER).post('calls/nextcloud_talk/create', {}, { unchecked: true });
    expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'room_name' });
  });
});

describeTransports(
  'POST /calls/*/create at level 492',
  (t) => {
    it('serves Constructor Groups and Nextcloud Talk, but not Webex yet (404)', async () => {
      t().app.store.state.settings.video_chat_provider = 6;
      expect((await t().as(MEMBER).post('calls/constructorgroups/create')).status).toBe(200);
      const webex = await t().as(MEMBER).post('calls/webex/create', {}, { unchecked: true });
      expect(webex.status).toBe(404);
    });
  },
  { featureLevel: 492 },
);

describeTransports(
  'POST /calls/*/create at level 459',
  (t) => {
    it('has none of the three endpoints (404)', async () => {
      for (const c of CASES) {
        const res = await t().as(MEMBER).post(c.path, c.params, { unchecked: true });
        expect(res.status, c.path).toBe(404);
      }
    });
  },
  { featureLevel: 459 },
);
