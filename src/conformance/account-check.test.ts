import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../api/app.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { AccountCheckError, checkAccounts } from './account-check.js';
import { parseAccounts, resolveActors } from './accounts.js';
import { loadScenarios } from './loader.js';
import { runConformance } from './run-conformance.js';
import { runScenarios } from './runner.js';
import type { Target } from './target.js';

/** One dev realm shared by every session, reached in process. */
function devTarget(): Target {
  const app = createApp({ realm: preparedDevRealm() });
  return {
    name: 'dev',
    baseUrl: 'http://svc-mock.localhost',
    features: new Set(),
    session: () => Promise.resolve({ fetch: (r) => app.fetch(r), close: () => Promise.resolve() }),
    close: () => Promise.resolve(),
  };
}

const HAMLET = 'email = hamlet@svc.test\nkey = hamletSvcDevApiKey0123456789abcd\n';
const IAGO = 'email = iago@svc.test\nkey = iagoSvcDevApiKey0123456789abcdef\n';

describe('checkAccounts', () => {
  it('lets an [api] ini account fill only its own role, and says why the other roles are skipped', async () => {
    const book = await checkAccounts(devTarget(), parseAccounts(`[api]\n${HAMLET}`));
    expect(resolveActors({ alice: 'member' }, book)).toEqual({
      alice: { email: 'hamlet@svc.test', api_key: 'hamletSvcDevApiKey0123456789abcd' },
    });
    expect(resolveActors({ alice: 'member', boss: 'administrator' }, book)).toBe(
      'needs an administrator; the [api] account (hamlet@svc.test) is a member',
    );
  });

  it('drops an account from a role it does not have, naming what it really is', async () => {
    const book = await checkAccounts(
      devTarget(),
      parseAccounts(`[api]\n${IAGO}\n[administrator]\n${HAMLET}`),
    );
    // iago (the [api] account) really is an administrator, so he takes the role hamlet could not.
    expect(resolveActors({ boss: 'administrator' }, book)).toMatchObject({
      boss: { email: 'iago@svc.test' },
    });
    const wrong = await checkAccounts(
      devTarget(),
      parseAccounts('administrator: { email: hamlet@svc.test, api_key: hamletSvcDevApiKey0123456789abcd }'),
    );
    expect(resolveActors({ boss: 'administrator' }, wrong)).toBe(
      "needs an administrator; the accounts file's administrator account (hamlet@svc.test) is a member",
    );
    expect(wrong.facts?.['hamlet@svc.test']).toMatchObject({ role: 'member', is_active: true });
  });

  it('checks an actor-named account against the role the scenario gives that actor', async () => {
    const book = await checkAccounts(
      devTarget(),
      parseAccounts('boss: { email: shiva@svc.test, api_key: shivaSvcDevApiKey0123456789abcde }'),
    );
    expect(resolveActors({ boss: 'administrator' }, book)).toBe(
      'needs an administrator; the accounts file\'s account for actor "boss" (shiva@svc.test) is a moderator',
    );
    expect(resolveActors({ boss: 'moderator' }, book)).toMatchObject({ boss: { email: 'shiva@svc.test' } });
  });

  it('refuses a wrong key with an error that names the account', async () => {
    const check = checkAccounts(
      devTarget(),
      parseAccounts('member:\n  - { email: hamlet@svc.test, api_key: wrong-key-000000000000000000000 }'),
    );
    await expect(check).rejects.toThrow(AccountCheckError);
    await expect(check).rejects.toThrow(
      /the accounts file's member account \(hamlet@svc.test\): dev refused/,
    );
  });

  it('keeps every account of `svc-mock accounts --json` in its role, bots as bots', async () => {
    const target = devTarget();
    const session = await target.session();
    const response = await session.fetch(new Request('http://svc-mock.localhost/api/v1/users/me'));
    expect(response.status).toBe(401);
    const rows = [
      { email: 'iago@svc.test', api_key: 'iagoSvcDevApiKey0123456789abcdef', role: 'administrator' },
      {
        email: 'default-bot@svc.test',
        api_key: 'defaultbotSvcDevApiKey0123456789',
        role: 'member',
        is_bot: true,
      },
    ];
    const book = await checkAccounts(target, parseAccounts(JSON.stringify(rows)));
    expect(book.facts?.['default-bot@svc.test']?.role).toBe('bot');
    expect(resolveActors({ boss: 'administrator', robot: 'bot' }, book)).toMatchObject({
      boss: { email: 'iago@svc.test' },
      robot: { email: 'default-bot@svc.test' },
    });
  });

  it('makes the runner skip a scenario whose administrator is really a member, with the reason', async () => {
    const target = devTarget();
    const book = await checkAccounts(target, parseAccounts(`[api]\n${HAMLET}`));
    const [result] = await runScenarios(loadScenarios(['scenarios/channels-list-flags.yaml']), {
      target,
      accounts: book,
      featureLevel: 400,
      runId: 'check',
    });
    expect(result).toMatchObject({
      outcome: 'skipped',
      skipReason: expect.stringContaining('the [api] account (hamlet@svc.test) is a member'),
    });
  });

  it('makes the conformance run exit 2 with the account named when a key is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-accounts-'));
    try {
      const file = join(dir, 'accounts.ini');
      writeFileSync(file, '[api]\nemail = hamlet@svc.test\nkey = not-his-key-00000000000000000000\n');
      const err: string[] = [];
      const code = await runConformance(
        {
          files: ['scenarios/server-settings.yaml'],
          target: 'mock',
          accounts: file,
          aliases: [],
          reporters: [],
        },
        { out: () => {}, err: (t) => err.push(t), tty: false, colour: false },
      );
      expect(code).toBe(2);
      expect(err.join('')).toMatch(
        /the \[api\] account \(hamlet@svc.test\): mock refused its credentials \(401/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
