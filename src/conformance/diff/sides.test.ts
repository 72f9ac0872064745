import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_LEVEL } from '../../api/services.js';
import { createMockTarget } from '../mock-target.js';
import { UsageError } from '../run-conformance.js';
import type { Target } from '../target.js';
import { actorEmails, openSide } from './sides.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-diff-sides-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server that answers 404 to everything and records whether it was closed. */
function silentServer(): Target & { closed: boolean } {
  const target = {
    name: 'http://silent.test',
    baseUrl: 'http://silent.test',
    features: new Set<never>(),
    closed: false,
    session: () =>
      Promise.resolve({
        fetch: () => Promise.resolve(new Response('no', { status: 404 })),
        close: () => Promise.resolve(),
      }),
    close: () => {
      target.closed = true;
      return Promise.resolve();
    },
  };
  return target;
}

describe('openSide', () => {
  it('opens the in-process mock with the dev realm accounts and reads its feature level', async () => {
    const side = await openSide({ label: 'A', aliases: [] });
    expect([side.spec, side.target.name, side.featureLevel]).toEqual(['mock', 'mock', DEFAULT_FEATURE_LEVEL]);
    expect(side.accounts.byRole.member?.length).toBeGreaterThan(0);
    const emails = actorEmails(side, {
      file: 'x.yaml',
      scenario: { name: 'x', actors: { alice: 'member', visitor: 'none' }, steps: [{ request: 'GET /x' }] },
    } as never);
    expect(Object.keys(emails)).toEqual(['alice']);
    expect(emails.alice).toBe(side.accounts.byRole.member![0]!.email);
  });

  it('takes the target from the site of an ini accounts file, and makes a mock at the given level', async () => {
    const ini = join(dir, 'zuliprc');
    writeFileSync(ini, '[api]\nemail=a@example.com\nkey=k\nsite=http://site.example\n');
    const seen: Array<[string, string, number | undefined]> = [];
    const side = await openSide({
      label: 'B',
      accountsFile: ini,
      featureLevel: 300,
      aliases: [],
      makeTarget: (spec, label, level) => {
        seen.push([spec, label, level]);
        return createMockTarget({ featureLevel: level });
      },
    });
    expect(seen).toEqual([['http://site.example', 'B', 300]]);
    expect(side.featureLevel).toBe(300);
  });

  it('refuses a target that is neither mock nor a URL', async () => {
    await expect(openSide({ label: 'B', spec: 'ftp://x', aliases: [] })).rejects.toThrow(
      '--against takes "mock" or an http(s) URL (got "ftp://x")',
    );
  });

  it('refuses a server that lists no accounts, or whose feature level cannot be read, and closes it', async () => {
    const noAccounts = silentServer();
    await expect(
      openSide({ label: 'B', spec: 'http://silent.test', aliases: [], makeTarget: () => noAccounts }),
    ).rejects.toThrow(/does not list its accounts .*pass --against-accounts FILE/);
    expect(noAccounts.closed).toBe(true);
    const accounts = join(dir, 'accounts.json');
    writeFileSync(accounts, JSON.stringify([{ email: 'a@example.com', api_key: 'k', role: 'member' }]));
    const noLevel = silentServer();
    const error = await openSide({
      label: 'A',
      spec: 'http://silent.test',
      accountsFile: accounts,
      aliases: [],
      makeTarget: () => noLevel,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/cannot read the feature level .*pass --feature-level N/);
    expect(noLevel.closed).toBe(true);
  });
});
