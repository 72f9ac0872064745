import { describe, expect, it } from 'vitest';
import { parseAccounts, resolveActors } from './accounts.js';
import { devRealmAccounts } from './mock-target.js';

const listJson = JSON.stringify([
  { email: 'bot@x', api_key: 'kb', role: 'member', is_bot: true, is_active: true },
  { email: 'gone@x', api_key: 'kg', role: 'member', is_bot: false, is_active: false },
  { email: 'm1@x', api_key: 'k1', role: 'member', is_bot: false, is_active: true },
  { email: 'owner@x', api_key: 'ko', role: 'owner', is_bot: false, is_active: true },
  { email: 'm2@x', api_key: 'k2', role: 'member', is_bot: false, is_active: true },
]);

describe('parseAccounts', () => {
  it('reads `svc-mock accounts --json`: active accounts, bots apart, the owner doubling as administrator', () => {
    const book = parseAccounts(listJson);
    const actors = resolveActors(
      { a: 'member', b: 'member', boss: 'administrator', robot: 'bot', anon: 'none' },
      book,
    );
    expect(actors).toEqual({
      a: { email: 'm1@x', api_key: 'k1' },
      b: { email: 'm2@x', api_key: 'k2' },
      boss: { email: 'owner@x', api_key: 'ko' },
      robot: { email: 'bot@x', api_key: 'kb' },
      anon: null,
    });
  });

  it('says which actor has no account', () => {
    expect(resolveActors({ a: 'member', b: 'member', c: 'member' }, parseAccounts(listJson))).toBe(
      'no account for actor "c" (member #3) in the accounts',
    );
  });

  it('reads a YAML map by actor or role (a role may take a list)', () => {
    const book = parseAccounts(
      'alice: { email: a@x, api_key: ka }\nmember:\n  - { email: m1@x, api_key: k1 }\n  - { email: m2@x, api_key: k2 }\n',
    );
    expect(resolveActors({ alice: 'member', bob: 'member', carol: 'member' }, book)).toEqual({
      alice: { email: 'a@x', api_key: 'ka' },
      bob: { email: 'm1@x', api_key: 'k1' },
      carol: { email: 'm2@x', api_key: 'k2' },
    });
  });

  it('reads the [api] ini file: its account serves any role, site names the server', () => {
    const book = parseAccounts(
      '[api]\nemail=me@x\nkey=secret\nsite=https://chat.example.com\n\n[administrator]\nemail = boss@x\nkey = kb\n',
    );
    expect(book.site).toBe('https://chat.example.com');
    expect(resolveActors({ me: 'member', boss: 'administrator' }, book)).toEqual({
      me: { email: 'me@x', api_key: 'secret' },
      boss: { email: 'boss@x', api_key: 'kb' },
    });
  });

  it.each([
    ['[api]\nemail=me@x\n', 'needs "email" and "api_key"'],
    ['alice: { email: a@x }', 'alice: needs "email" and "api_key"'],
    ['42', 'expected a list of accounts'],
    ['{ a: [', 'not JSON, YAML or an [api] ini file'],
  ])('refuses %j', (text, message) => {
    expect(() => parseAccounts(text)).toThrow(message);
  });

  it('gives the dev realm its fixture accounts by role', () => {
    const actors = resolveActors(
      { o: 'owner', a: 'administrator', g: 'guest', m: 'moderator' },
      devRealmAccounts(),
    );
    expect(actors).toMatchObject({
      o: { email: 'desdemona@svc.test' },
      a: { email: 'iago@svc.test' },
      g: { email: 'polonius@svc.test' },
      m: { email: 'shiva@svc.test' },
    });
  });
});
