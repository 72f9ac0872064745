/**
 * Child process of src/bench/realms.ts (run with --expose-gc): the built mock's node server on the dev realm,
 * then N realms made in process, timing each creation and measuring the resident memory they add after forced
 * collections. Over IPC it reports the figures and each realm's Host and credentials, and measures again.
 */
import type * as NodeServer from '../adapters/node/server.js';
import type * as CreateMock from '../mock/create-mock.js';
import type * as LoadRealm from '../store/load-realm.js';
import { readFileSync } from 'node:fs';
import { built } from './harness/built.js';
import { serveMessages } from './harness/processes.js';

const { startServer } = await built<typeof NodeServer>('adapters/node/server.js');
const { createMock } = await built<typeof CreateMock>('mock/create-mock.js');
const { PreparedRealm } = await built<typeof LoadRealm>('store/load-realm.js');

const count = Number(process.argv[2] ?? 200);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** RSS and heap after forced full collections (several: finalizers free more on the next). */
function settledMemory(): { rss: number; heap: number } {
  for (let i = 0; i < 4; i++) gc!();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heap: heapUsed };
}

const realm = PreparedRealm.from(
  JSON.parse(readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8')) as unknown,
);
// The request log's size per realm (default 1,000): `--log-size N` of the bench shows what the logs cost.
const logSize = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const mock = createMock({ realm, logError: () => {}, requestLogSize: logSize });
const running = await startServer(mock, { port: 0, host: '127.0.0.1' });
mock.realms.setBaseUrl(`http://localhost:${running.port}`);

const basic = (u: { email: string; api_key: string }): string =>
  `Basic ${Buffer.from(`${u.email}:${u.api_key}`).toString('base64')}`;
const iagoOf = (m: CreateMock.Mock) =>
  (m.accounts() as Array<{ email: string; api_key: string }>).find((a) => a.email === 'iago@svc.test')!;

// The default realm answers once first, so its lazily built parts are not counted as the realms' memory.
await mock.fetch(
  new Request('http://localhost/api/v1/users/me', { headers: { authorization: basic(iagoOf(mock)) } }),
);
const before = settledMemory();
const creationMs: number[] = [];
for (let i = 1; i <= count; i++) {
  const started = performance.now();
  await mock.realms.create({ subdomain: `r${i}` });
  creationMs.push(performance.now() - started);
}
const after = settledMemory();

/** What the child reports when it is listening. */
export interface RealmsHello {
  url: string;
  port: number;
  pid: number;
  creationMs: number[];
  before: { rss: number; heap: number };
  after: { rss: number; heap: number };
  /** Host and Authorization of each realm (the default realm's first, Host `localhost`). */
  targets: Array<{ host: string; auth: string }>;
}

const targets = [
  { host: `localhost:${running.port}`, auth: basic(iagoOf(mock)) },
  ...mock.realms.list().map((r) => ({
    host: `${r.subdomain}.localhost:${running.port}`,
    auth: basic(iagoOf(mock.realm(r.subdomain)!)),
  })),
];
process.send!({
  url: running.url,
  port: running.port,
  pid: process.pid,
  creationMs,
  before,
  after,
  targets,
} satisfies RealmsHello);

serveMessages((message) => {
  if (message.cmd === 'memory') return settledMemory();
  // A clean exit (a profile under --cpu-prof is written only then).
  if (message.cmd === 'exit') setTimeout(() => process.exit(0), 10);
  return undefined;
});
