/** The property: one hostile request gets a JSON answer, never a 5xx or a hang, and a refusal changes nothing. */
import type { Route } from '../api/route.js';
import { exportRealm } from '../store/export-realm.js';
import type { Store } from '../store/store.js';
import { encodeCase } from './encode.js';
import type { Caller, FuzzCase } from './fuzz-case.js';

/** Where fuzz cases are sent: a transport plus the store behind it. */
export interface FuzzTarget {
  /** The live store (read before and after each request). */
  store(): Store;
  /** Sends a request (path with query) through the transport. */
  send(path: string, init: RequestInit): Promise<Response>;
  /** Called after a request that was accepted and changed the realm (e.g. resets a mock); optional. */
  afterChange?(route: Route): void;
}

/** What the property needs besides the case. */
export interface CheckOptions {
  /** The catalogue's codes. */
  codes: ReadonlySet<string>;
  /** An answer later than this is a hang (generous: it is not a speed check). */
  timeoutMs: number;
  /** Compare the whole exported realm before and after (expensive: done on a sample). */
  fullSnapshot: boolean;
}

const MEMBER = 'othello@svc.test';
const GUEST = 'polonius@svc.test';
const ADMIN = 'iago@svc.test';

function authHeader(store: Store, caller: Caller): string | undefined {
  if (caller === 'none') return undefined;
  const user = store.state.usersByEmail.get(caller === 'guest' ? GUEST : caller === 'admin' ? ADMIN : MEMBER);
  if (!user) throw new Error('the fuzz realm needs othello, polonius and iago');
  const key = caller === 'bad-key' ? `${user.api_key.slice(0, -1)}#` : user.api_key;
  return `Basic ${btoa(`${user.delivery_email}:${key}`)}`;
}

/** A cheap digest of the realm: the change counter and the size of every table. */
export function realmDigest(store: Store): string {
  const s = store.state;
  const sizes = [
    s.users,
    s.channels,
    s.messages,
    s.groups,
    s.drafts,
    s.savedSnippets,
    s.scheduledMessages,
    s.invitations,
    s.userTopics,
    s.realmEmoji,
    s.playgrounds,
    s.channelFolders,
  ].map((m) => m.size);
  let subs = 0;
  for (const m of s.subscriptions.values()) subs += m.size;
  return `${store.changes}:${sizes.join(',')}:${subs}`;
}

/** Thrown when a case breaks the property; the message says how. */
export class FuzzFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FuzzFailure';
  }
}

async function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  abort: AbortController,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new FuzzFailure(`no answer within ${ms} ms (${what})`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends `c` and checks the answer; throws {@link FuzzFailure} when the property does not hold. */
export async function checkCase(
  target: FuzzTarget,
  route: Route,
  c: FuzzCase,
  options: CheckOptions,
): Promise<void> {
  const store = target.store();
  const { path, headers, body } = encodeCase(c, route.path, route.root === true);
  const auth = authHeader(store, c.caller);
  if (auth) headers.authorization = auth;
  const digest = realmDigest(store);
  const before = options.fullSnapshot ? JSON.stringify(exportRealm(store)) : undefined;
  const abort = new AbortController();
  const init: RequestInit = {
    method: c.method,
    headers,
    signal: abort.signal,
    redirect: 'manual',
    ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
  };
  const { status, type, text } = await withTimeout(
    (async () => {
      const response = await target.send(path, init);
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? '',
        text: await response.text(),
      };
    })(),
    options.timeoutMs,
    `${c.method} ${path.slice(0, 200)}`,
    abort,
  );
  const excerpt = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  if (status >= 500) throw new FuzzFailure(`answered ${status}: ${excerpt}`);
  if (c.mustRefuse && status < 400)
    throw new FuzzFailure(
      `answered ${status} to a request that must be refused (${c.mustRefuse}): ${excerpt}`,
    );
  if (status >= 400) {
    let envelope: { result?: unknown; msg?: unknown; code?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new FuzzFailure(`answered ${status} without a JSON body: ${excerpt}`);
    }
    if (envelope.result !== 'error' || typeof envelope.msg !== 'string')
      throw new FuzzFailure(`answered ${status} without the error envelope: ${excerpt}`);
    if (typeof envelope.code !== 'string' || !options.codes.has(envelope.code))
      throw new FuzzFailure(`answered ${status} with a code outside the catalogue: ${excerpt}`);
    const after = realmDigest(target.store());
    if (after !== digest)
      throw new FuzzFailure(`refused (${status}) but the realm changed: ${digest} → ${after}`);
    if (before !== undefined && JSON.stringify(exportRealm(target.store())) !== before)
      throw new FuzzFailure(`refused (${status}) but the exported realm differs`);
    return;
  }
  if (type.includes('json')) {
    try {
      JSON.parse(text);
    } catch {
      throw new FuzzFailure(`answered ${status} with a JSON type and a body that is not JSON: ${excerpt}`);
    }
  }
  const after = realmDigest(target.store());
  if (c.mustNotChange && after !== digest)
    throw new FuzzFailure(
      `answered ${status} and changed the realm (${c.mustNotChange}): ${digest} → ${after}`,
    );
  if (after !== digest) target.afterChange?.(route);
}
