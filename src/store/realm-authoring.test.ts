// Writing a realm by hand: every problem in one pass, messages naming the expected value, optional lists,
// and the documented minimal example (fixtures/minimal-realm.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../api/app.js';
import { PreparedRealm, RealmLoadError } from './load-realm.js';

const minimal = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('../../fixtures/minimal-realm.json', import.meta.url), 'utf8'));

function problemsOf(fixture: unknown): string[] {
  try {
    PreparedRealm.from(fixture);
  } catch (error) {
    if (error instanceof RealmLoadError) return error.problems;
    throw error;
  }
  throw new Error('the fixture loaded');
}

describe('realm fixture problems', () => {
  it('reports schema and reference problems together, in one pass', () => {
    const realm = minimal();
    realm.format = 'svc-mock-realm/2';
    const users = realm.users as Array<Record<string, unknown>>;
    delete users[1]!.full_name;
    users[0]!.role = 'boss';
    (realm.subscriptions as unknown[]).push({ user_id: 1, stream_id: 99 });
    (realm.messages as Array<Record<string, unknown>>)[0]!.sender_id = 42;
    const problems = problemsOf(realm);
    expect(problems).toEqual(
      expect.arrayContaining([
        '/format: must be equal to constant "svc-mock-realm/1", got "svc-mock-realm/2"',
        "/users/1: must have required property 'full_name'",
        expect.stringMatching(/^\/subscriptions\/2.*99/),
        expect.stringMatching(/^\/messages\/0.*42/),
      ]),
    );
    expect(problems.some((p) => p.startsWith('/users/0/role') && p.includes('got "boss"'))).toBe(true);
  });

  it('names the allowed values of an enum and the type found', () => {
    const realm = minimal();
    (realm.users as Array<Record<string, unknown>>)[0]!.user_id = 'one';
    expect(problemsOf(realm)).toContain('/users/0/user_id: must be integer, got "one"');
  });

  it('needs no channels, subscriptions, user groups or messages', () => {
    const { format, realm, users } = minimal();
    const app = createApp({ realm: { format, realm, users } });
    expect(app.store.state.users.size).toBe(2);
    expect(app.store.state.channels.size).toBe(0);
  });
});

describe('fixtures/minimal-realm.json', () => {
  it('loads and serves GET /users/me to its users', async () => {
    const app = createApp({ realm: minimal() });
    const res = await app.fetch(
      new Request('http://localhost/api/v1/users/me', {
        headers: { authorization: `Basic ${btoa('max@acme.test:maxAcmeApiKey0123456789abcdefghi')}` },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      result: 'success',
      email: 'max@acme.test',
      full_name: 'Max Member',
    });
  });
});
