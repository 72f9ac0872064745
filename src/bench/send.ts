/**
 * Benchmark: POST /messages in process, set up as the server-bound row is (dev realm, a channel of ten
 * subscribers, one message-only queue each, the bench content). Prints the CPU time per send, the heap a stored
 * message keeps, the heap its pending events keep until the queues are acknowledged, and the bytes a send
 * allocates (what the young generation's collections work through).
 * Run: node --expose-gc --import tsx src/bench/send.ts [sends] [sends between acknowledgements] [--sites]
 * (--sites also prints the allocation sites with the most bytes per send)
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createApp } from '../api/app.js';
import type { ApiRequest } from '../api/route.js';
import { BENCH_MESSAGE, benchMembers, formBody, subscribeFields } from './harness/bench-channel.js';

const SENDS = Number(process.argv[2] ?? 60_000);
const ACK_EVERY = Number(process.argv[3] ?? 6_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const realm = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
const app = createApp({ realm, logError: () => {} });
const { state } = app.store;
const admin = state.usersByEmail.get('iago@svc.test')!;
const members = benchMembers(state.users.values(), admin);
const auth = `Basic ${btoa(`${admin.delivery_email}:${admin.api_key}`)}`;
const headers: Record<string, string> = {
  authorization: auth,
  'content-type': 'application/x-www-form-urlencoded',
};

const post = async (path: string, body: string): Promise<void> => {
  const request: ApiRequest = {
    method: 'POST',
    path: `/api/v1/${path}`,
    query: '',
    header: (name) => headers[name],
    body,
  };
  const response = await app.handle(request);
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
};

await post('users/me/subscriptions', formBody(subscribeFields(members)));
// The body is encoded once, as a load generator sends the same bytes every time.
const message = formBody(BENCH_MESSAGE);
const queues = members.map((u) =>
  app.services.queues.register(u.user_id, { eventTypes: new Set(['message']) }),
);
const acknowledge = (): void => {
  for (const queue of queues) queue.prune(queue.nextId - 1);
};
const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

for (let i = 0; i < 2000; i++) await post('messages', message);
acknowledge();
const before = heap();
const cpu = process.cpuUsage();
for (let i = 1; i <= SENDS; i++) {
  await post('messages', message);
  if (i % ACK_EVERY === 0 && i < SENDS) acknowledge();
}
const used = process.cpuUsage(cpu);
const pendingSends = SENDS % ACK_EVERY || ACK_EVERY;
const withPending = heap();
acknowledge();
const after = heap();

/** A node of the sampling heap profile: the bytes sampled at one allocation site, and its callees. */
interface SampledNode {
  selfSize: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children: SampledNode[];
}

const SITES = process.argv.includes('--sites');

/**
 * Bytes allocated per send over `sends` sends, from V8's sampling heap profiler told to keep objects the
 * collector has freed since (so it counts what was allocated, not what is left). The record this harness
 * builds per request is counted too (a transport builds one as well).
 */
async function allocatedPerSend(sends: number): Promise<number> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as object);
  for (let i = 1; i <= sends; i++) {
    await post('messages', message);
    if (i % ACK_EVERY === 0) acknowledge();
  }
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SampledNode } };
  session.disconnect();
  acknowledge();
  let total = 0;
  const sites = new Map<string, number>();
  const pending = [profile.head];
  for (let node = pending.pop(); node; node = pending.pop()) {
    total += node.selfSize;
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.replace(/^.*\/src\//, 'src/')}:${lineNumber + 1}`;
    sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    pending.push(...node.children);
  }
  if (SITES)
    for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${String(Math.round(bytes / sends)).padStart(6)} B/send  ${site}`);
  return total / sends;
}

const allocated = await allocatedPerSend(Math.min(SENDS, 20_000));
console.log(
  JSON.stringify({
    sends: SENDS,
    cpuUsPerSend: +((used.user + used.system) / SENDS).toFixed(1),
    bytesPerStoredMessage: Math.round((after - before) / SENDS),
    pendingBytesPerSend: Math.round((withPending - after) / pendingSends),
    bytesAllocatedPerSend: Math.round(allocated),
  }),
);
