// Cached answers (GET /server_settings, GET /users/me) and cached credentials: a change read back through
// the API is never served stale.
import { describe, expect, it } from 'vitest';
import { createMock } from '../mock/create-mock.js';
import { ADMIN, MEMBER } from '../testing/accounts.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { basicAuth, describeTransports } from '../testing/transports.js';
import { cachedJson } from './cached-json.js';
import { byteLength, joinInto, JsonText, successJson } from './json-text.js';

describeTransports('cached answers follow every change', (t) => {
  it('GET /users/me shows a full name changed with PATCH /settings', async () => {
    const before = await t().as(MEMBER).get('users/me');
    expect(before.body.full_name).toBe('King Hamlet');
    expect((await t().as(MEMBER).patch('settings', { full_name: 'Prince Hamlet' })).status).toBe(200);
    expect((await t().as(MEMBER).get('users/me')).body.full_name).toBe('Prince Hamlet');
  });

  it('GET /users/me answers each caller with their own object', async () => {
    const member = await t().as(MEMBER).get('users/me');
    const admin = await t().as(ADMIN).get('users/me');
    expect(member.body.email).not.toBe(admin.body.email);
    expect((await t().as(MEMBER).get('users/me')).body.user_id).toBe(member.body.user_id);
  });

  it('GET /users/me has the new max_message_id after a send', async () => {
    const before = (await t().as(MEMBER).get('users/me')).body.max_message_id as number;
    const sent = await t()
      .as(MEMBER)
      .post('messages', { type: 'stream', to: 'Denmark', topic: 'cache', content: 'hello' });
    expect(sent.body.id).toBeGreaterThan(before);
    expect((await t().as(MEMBER).get('users/me')).body.max_message_id).toBe(sent.body.id);
  });

  it('GET /server_settings shows a realm change announced through the store', async () => {
    expect((await t().anonymous.get('server_settings')).body.realm_name).toBe('Svc Dev');
    const { store } = t().app;
    store.state.realm.name = 'Renamed Realm';
    store.emit(store.activeUserIds(), {
      type: 'realm',
      op: 'update',
      property: 'name',
      value: 'Renamed Realm',
    });
    expect((await t().anonymous.get('server_settings')).body.realm_name).toBe('Renamed Realm');
  });

  it('GET /server_settings still lists ignored parameters after the fields', async () => {
    await t().anonymous.get('server_settings');
    const res = await t().anonymous.get('server_settings', { unknown_thing: 1 });
    expect(res.body.ignored_parameters_unsupported).toEqual(['unknown_thing']);
    expect(res.body.realm_name).toBe('Svc Dev');
  });

  it('GET /users shows a full name changed with PATCH /settings, and each user_ids list its own members', async () => {
    const name = async (): Promise<string | undefined> =>
      ((await t().as(ADMIN).get('users')).body.members as Array<{ email: string; full_name: string }>).find(
        (u) => u.full_name.includes('Hamlet'),
      )?.full_name;
    expect(await name()).toBe('King Hamlet');
    expect((await t().as(MEMBER).patch('settings', { full_name: 'Prince Hamlet' })).status).toBe(200);
    expect(await name()).toBe('Prince Hamlet');
    const id = t().app.store.state.usersByEmail.get(MEMBER2_EMAIL)!.user_id;
    const one = await t()
      .as(ADMIN)
      .get('users', { user_ids: JSON.stringify([id]) });
    expect((one.body.members as Array<{ user_id: number }>).map((u) => u.user_id)).toEqual([id]);
  });

  it('GET /streams shows a description changed with PATCH /streams/{id}, and each flag set its own list', async () => {
    const denmark = async (): Promise<{ stream_id: number; description: string } | undefined> =>
      (
        (await t().as(ADMIN).get('streams')).body.streams as Array<{
          name: string;
          stream_id: number;
          description: string;
        }>
      ).find((c) => c.name === 'Denmark');
    const before = (await denmark())!;
    expect(
      (await t().as(ADMIN).patch(`streams/${before.stream_id}`, { description: 'Cached no more' })).status,
    ).toBe(200);
    expect((await denmark())!.description).toBe('Cached no more');
    const subscribed = await t().as(ADMIN).get('streams', { include_public: false });
    const all = await t().as(ADMIN).get('streams');
    expect((subscribed.body.streams as unknown[]).length).toBeLessThan(
      (all.body.streams as unknown[]).length,
    );
  });

  it('GET /users/me/subscriptions shows a color change, and the weekly traffic of a later day', async () => {
    const denmark = async (): Promise<{ color: string; stream_weekly_traffic: number | null }> =>
      (
        (await t().as(MEMBER).get('users/me/subscriptions')).body.subscriptions as Array<{
          name: string;
          color: string;
          stream_weekly_traffic: number | null;
        }>
      ).find((s) => s.name === 'Denmark')!;
    const id = [...t().app.store.state.channels.values()].find((c) => c.name === 'Denmark')!.stream_id;
    const data = JSON.stringify([{ stream_id: id, property: 'color', value: '#123456' }]);
    expect(
      (await t().as(MEMBER).post('users/me/subscriptions/properties', { subscription_data: data })).status,
    ).toBe(200);
    expect((await denmark()).color).toBe('#123456');
    const sent = await t()
      .as(MEMBER)
      .post('messages', { type: 'stream', to: 'Denmark', topic: 'cache', content: 'traffic' });
    expect(sent.status).toBe(200);
    const traffic = (await denmark()).stream_weekly_traffic!;
    expect(traffic).toBeGreaterThan(0);
    // No change goes through the store while the clock moves: the answer is made again for the new time.
    await t().clock.advance(8 * 24 * 3600 * 1000);
    expect((await denmark()).stream_weekly_traffic).toBe(0);
  });

  it('refuses the old credential of a user deactivated after it was used', async () => {
    const auth = basicAuth(t().app, MEMBER2_EMAIL);
    const headers = { authorization: auth };
    expect((await t().raw('/api/v1/users/me', { headers })).status).toBe(200);
    const id = t().app.store.state.usersByEmail.get(MEMBER2_EMAIL)!.user_id;
    expect((await t().as(ADMIN).delete(`users/${id}`)).status).toBe(200);
    const res = await t().raw('/api/v1/users/me', { headers });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { msg: string }).msg).toBe('Account is deactivated');
  });
});

const MEMBER2_EMAIL = 'othello@svc.test';

describe('cached answers after a restore', () => {
  it('GET /server_settings answers from the restored realm', async () => {
    const mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
    const get = async (): Promise<{ realm_name: string }> =>
      (await (await mock.fetch(new Request('http://svc.test/api/v1/server_settings'))).json()) as {
        realm_name: string;
      };
    expect((await get()).realm_name).toBe('Svc Dev');
    const snapshot = mock.snapshot() as unknown as { realm: { name: string } };
    snapshot.realm.name = 'Restored Realm';
    mock.restore(snapshot);
    expect((await get()).realm_name).toBe('Restored Realm');
  });
});

describe('cachedJson', () => {
  it('builds again only after the store changed', async () => {
    const { createApp } = await import('./app.js');
    const app = createApp({ realm: preparedDevRealm(), logError: () => {} });
    let builds = 0;
    const build = (): object => ({ n: ++builds });
    expect(cachedJson(app.store, 'k', build).json).toBe('{"n":1}');
    expect(cachedJson(app.store, 'k', build).json).toBe('{"n":1}');
    expect(cachedJson(app.store, 'other', build).json).toBe('{"n":2}');
    app.store.emit([], { type: 'noop' });
    expect(cachedJson(app.store, 'k', build).json).toBe('{"n":3}');
  });

  it('puts the fields between the envelope and its other keys', () => {
    const text = successJson(new JsonText('{"a":1,"b":[2]}'), {
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['x'],
    }).json;
    expect(text).toBe('{"result":"success","msg":"","a":1,"b":[2],"ignored_parameters_unsupported":["x"]}');
    expect(successJson(new JsonText('{}'), { result: 'success', msg: '' }).json).toBe(
      '{"result":"success","msg":""}',
    );
  });
});

describe('JsonText as UTF-8 pieces', () => {
  const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
  const pieces = (...texts: string[]): Uint8Array[] => texts.map(utf8);

  it('reads as the text its pieces spell, as one array of their bytes', () => {
    const text = new JsonText(pieces('{"a":"é', '☃🐙",', '"b":[1,2]}'));
    expect(text.json).toBe('{"a":"é☃🐙","b":[1,2]}');
    expect([...text.bytes]).toEqual([...utf8('{"a":"é☃🐙","b":[1,2]}')]);
    expect(text.toJSON()).toEqual({ a: 'é☃🐙', b: [1, 2] });
  });

  it('gives a transport its pieces until they are joined, then the one array it keeps', () => {
    const text = new JsonText(pieces('{"a"', ':"é"}'));
    const wire = text.wire;
    expect(Array.isArray(wire)).toBe(true);
    const out = new Uint8Array(byteLength(wire as Uint8Array[]));
    joinInto(wire as Uint8Array[], out);
    expect(new TextDecoder().decode(out)).toBe('{"a":"é"}');
    const bytes = text.bytes;
    expect(text.bytes).toBe(bytes);
    expect(text.wire).toBe(bytes);
    expect(new TextEncoder().encode('{"a":"é"}')).toEqual(bytes);
  });

  it('joins its pieces once when sent a second time, and sends those bytes from then on', () => {
    const text = new JsonText(pieces('{"a"', ':"é"}'));
    expect(Array.isArray(text.wire)).toBe(true);
    const second = text.wire;
    expect(second).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(second as Uint8Array)).toBe('{"a":"é"}');
    expect(text.wire).toBe(second);
  });

  it('keeps a string text a string for transports and encodes it once', () => {
    const text = new JsonText('{"a":"é"}');
    expect(text.body).toBe('{"a":"é"}');
    expect(text.bytes).toBe(text.bytes);
    expect(new TextDecoder().decode(text.bytes)).toBe('{"a":"é"}');
    expect(new JsonText(pieces('{}')).body).toBeInstanceOf(Uint8Array);
  });

  it('gives the same success envelope as the string form, with and without other keys', () => {
    const envelopes = [
      { result: 'success', msg: '' },
      { result: 'success', msg: '', ignored_parameters_unsupported: ['x', 'ÿ'] },
    ];
    const forms = [['{"a":1,"b":"☃"', ',"c":[]}'], ['{"only":true}'], ['{', '}'], ['{}']];
    for (const envelope of envelopes) {
      for (const form of forms) {
        const fromString = successJson(new JsonText(form.join('')), envelope);
        const fromPieces = successJson(new JsonText(pieces(...form)), envelope);
        // Fields with members stay bytes (no decoding for the transport); an empty object is the envelope alone.
        const members = form.join('') !== '{}';
        expect(fromPieces.body instanceof Uint8Array).toBe(members);
        expect(fromPieces.json).toBe(fromString.json);
        expect(JSON.parse(fromPieces.json)).toEqual({
          ...envelope,
          ...(JSON.parse(form.join('')) as object),
        });
      }
    }
  });
});
