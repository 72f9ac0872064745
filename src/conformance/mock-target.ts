/** The in-process mock as a target: a fresh dev realm per scenario, accounts from the dev realm fixture. */
import { readFileSync } from 'node:fs';
import { createMock } from '../mock/create-mock.js';
import { PreparedRealm } from '../store/load-realm.js';
import { accountsFromList, type AccountBook } from './accounts.js';
import type { Target } from './target.js';

const DEV_REALM = new URL('../../fixtures/dev-realm.json', import.meta.url);
const ROLE_NAMES: Record<number, string> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

let fixture: unknown;
let prepared: PreparedRealm | undefined;

function devRealm(): unknown {
  fixture ??= JSON.parse(readFileSync(DEV_REALM, 'utf8'));
  return fixture;
}

/** Accounts of the dev realm fixture (data, not the store), in the `svc-mock accounts --json` shape. */
export function devRealmAccounts(): AccountBook {
  const users = (devRealm() as { users: Array<Record<string, unknown>> }).users;
  return accountsFromList(
    users.map((u) => ({
      email: u.delivery_email,
      api_key: u.api_key,
      role: ROLE_NAMES[u.role as number] ?? String(u.role),
      is_bot: u.is_bot === true,
      is_active: u.is_active !== false,
    })),
  );
}

/** Options of {@link createMockTarget}. */
export interface MockTargetOptions {
  /** Feature level the mock reports (default: the latest). */
  featureLevel?: number;
}

/** The mock in process: each session is `createMock` over its own copy of the dev realm, control API on. */
export function createMockTarget(options: MockTargetOptions = {}): Target {
  prepared ??= PreparedRealm.from(devRealm());
  const realm = prepared;
  return {
    name: 'mock',
    baseUrl: 'http://svc-mock.localhost',
    // The mock answers its mock-only routes and control API (/svc-mock/...), so scenarios needing them run here.
    features: new Set(['control']),
    session() {
      // createMock adds the /svc-mock control API (reset, clock, accounts, requests) to the app.
      const app = createMock({ realm, featureLevel: options.featureLevel, logError: () => {} });
      return Promise.resolve({
        fetch: (request: Request) => app.fetch(request),
        close: () => Promise.resolve(),
      });
    },
    close: () => Promise.resolve(),
  };
}
