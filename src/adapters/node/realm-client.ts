/**
 * A realm of a running `svc-mock serve`, made for one test worker: `POST /svc-mock/realms` on the server, a
 * `fetch` that reaches the realm from Node.js, and `delete()`. Node's resolver does not know `*.localhost` names
 * (browsers do), so requests go to the server's own address with the realm's name as Host.
 */
import { lookup } from 'node:dns';
import type { Agent } from 'undici';

/** One account of a realm, as `GET /svc-mock/accounts` and `POST /svc-mock/realms` list them. */
export interface RealmAccount {
  user_id: number;
  email: string;
  api_email: string;
  full_name: string;
  role: string;
  is_bot: boolean;
  is_active: boolean;
  api_key: string;
  password?: string;
}

/** Options of {@link createRealm}. */
export interface CreateRealmOptions {
  /** The realm's subdomain (one DNS label); the server draws one (`realm-N`) when absent. */
  subdomain?: string;
  /** What it starts from: `'dev'` (default), a fixture name, `{ generate: SPEC }` or a snapshot. */
  source?: unknown;
}

/** Init of {@link RealmClient.fetch}: a RequestInit, plus `as`, the e-mail of the account to authenticate as. */
export interface RealmRequestInit extends RequestInit {
  as?: string;
}

/** A realm made on a running server. */
export interface RealmClient {
  subdomain: string;
  /** The realm's URL as the server names it (`http://<subdomain>.localhost:PORT`): open it in a browser. */
  url: string;
  accounts: RealmAccount[];
  /** The account with this e-mail; throws when the realm has none. */
  account(email: string): RealmAccount;
  /** A request to the realm (`path` from the server root, `/api/v1/...` or `/svc-mock/...`) from Node.js. */
  fetch(path: string, init?: RealmRequestInit): Promise<Response>;
  /** Deletes the realm on the server (its queues close) and closes the connections. */
  delete(): Promise<void>;
}

/** `Authorization` for an account: HTTP Basic with its e-mail and API key. */
export function basicAuth(account: Pick<RealmAccount, 'email' | 'api_key'>): string {
  return `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}`;
}

/**
 * Makes a realm on the server at `serverUrl` (its root URL, e.g. `http://127.0.0.1:9991`) with
 * `POST /svc-mock/realms`; throws with the server's message when it refuses.
 * @example
 * const realm = await createRealm(process.env.SVC_MOCK_URL!, { subdomain: 'worker-1' });
 * const me = await realm.fetch('/api/v1/users/me', { as: 'hamlet@svc.test' });
 * await realm.delete();
 */
export async function createRealm(serverUrl: string, options: CreateRealmOptions = {}): Promise<RealmClient> {
  const root = new URL(serverUrl);
  const created = await globalThis.fetch(new URL('/svc-mock/realms', root), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(options),
  });
  const body = (await created.json().catch(() => ({}))) as {
    msg?: string;
    subdomain?: string;
    realm_url?: string;
    accounts?: RealmAccount[];
  };
  if (!created.ok || !body.subdomain || !body.realm_url || !body.accounts)
    throw new Error(`POST ${root.origin}/svc-mock/realms: ${created.status} ${body.msg ?? ''}`.trim());
  const { subdomain, realm_url: url, accounts } = body;
  // The realm's host name on the server's port (behind a port mapping the two differ), every connection to
  // the server's own address.
  const reach = new URL(url);
  reach.port = root.port;
  const serverHost = root.hostname.replace(/^\[|\]$/g, '');
  const undici = await import('undici');
  const agent: Agent = new undici.Agent({
    connect: {
      lookup: (_name, opts, done) => lookup(serverHost, opts, done),
    },
  });
  const account = (email: string): RealmAccount => {
    const found = accounts.find((a) => a.email === email || a.api_email === email);
    if (!found) throw new Error(`realm ${subdomain} has no account ${email}`);
    return found;
  };
  return {
    subdomain,
    url,
    accounts,
    account,
    fetch: async (path, init = {}) => {
      const { as, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (as !== undefined) headers.set('Authorization', basicAuth(account(as)));
      const response = await undici.fetch(new URL(path, reach), {
        ...(rest as object),
        headers: [...headers],
        dispatcher: agent,
      });
      return response as unknown as Response;
    },
    delete: async () => {
      try {
        const deleted = await globalThis.fetch(new URL(`/svc-mock/realms/${subdomain}`, root), {
          method: 'DELETE',
        });
        await deleted.body?.cancel();
      } finally {
        await agent.close();
      }
    },
  };
}
