/**
 * CPU time per request of the harness's POST /messages rows, in process: createMock as `svc-mock serve` builds
 * it (dev realm, a channel "bench" of ten subscribers), the bench's form body sent through mock.handle, the
 * answer made into the bytes the node server would write. `--queues 10` registers a message-only event queue
 * for each subscriber in turn, acknowledged every 6,000 sends (the row with queues). With `--against
 * <checkout>` the same sends also run on another checkout's sources in the same process, alternating chunks,
 * so that both see the same machine load (ratios mean something on a shared machine; absolute figures less
 * so). Each side keeps every message it stores, as the server does.
 * `--content` sends other content than the harness's (a line with a mention, say).
 * Run: npx tsx src/bench/send-cpu.ts [--against ../other-checkout] [--queues 10] [--rounds 16] [--chunk 2000] [--ack 6000]
 *      [--content '@**aaron|6** can you look?']
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sentBytes, type JoinBlock } from './harness/answer-bytes.js';
import { alternate, summary, type Side as AlternateSide } from './harness/alternate.js';
import { BENCH_MESSAGE, benchMembers, formBody, subscribeFields } from './harness/bench-channel.js';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    queues: { type: 'string', default: '0' },
    rounds: { type: 'string', default: '16' },
    chunk: { type: 'string', default: '2000' },
    ack: { type: 'string', default: '6000' },
    content: { type: 'string' },
  },
});
const here = resolve(new URL('../..', import.meta.url).pathname);
const realm = JSON.parse(readFileSync(resolve(here, 'fixtures/dev-realm.json'), 'utf8')) as unknown;
const ACK_EVERY = Number(values.ack);

interface User {
  user_id: number;
  delivery_email: string;
  api_key: string;
  is_active: boolean;
  is_bot: boolean;
}
interface Queue {
  nextId: number;
  prune(lastEventId: number): void;
}
/** What both old and new checkouts export (loosely typed: an older checkout may differ). */
interface Mock {
  store: { state: { usersByEmail: Map<string, User>; users: Map<number, User> } };
  services: { queues: { register(userId: number, options: object): Queue } };
  handle(request: object): Promise<{ status: number; body: unknown }>;
}
type ResponseText = (response: { body: unknown }) => string | Uint8Array | null;

interface Side extends AlternateSide {
  one: () => Promise<number>;
}

async function side(root: string): Promise<Side> {
  const source = (path: string): string => pathToFileURL(resolve(root, 'src', path)).href;
  const { createMock } = (await import(source('mock/create-mock.ts'))) as {
    createMock: (options: object) => Mock;
  };
  const { responseText } = (await import(source('api/route.ts'))) as { responseText: ResponseText };
  const mock = createMock({ realm, control: true, journalSize: 0, logError: () => {} });
  const { state } = mock.store;
  const admin = state.usersByEmail.get('iago@svc.test')!;
  const members = benchMembers(state.users.values(), admin);
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${admin.delivery_email}:${admin.api_key}`).toString('base64')}`,
    host: '127.0.0.1',
    'content-type': 'application/x-www-form-urlencoded',
  };
  const post = async (path: string, body: string): Promise<{ status: number; body: unknown }> => {
    const request = {
      method: 'POST',
      path: `/api/v1/${path}`,
      query: '',
      body,
      header: (n: string) => headers[n],
    };
    const response = await mock.handle(request);
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    return response;
  };
  await post('users/me/subscriptions', formBody(subscribeFields(members)));
  const queues = Array.from({ length: Number(values.queues) }, (_, i) =>
    mock.services.queues.register(members[i % members.length]!.user_id, { eventTypes: new Set(['message']) }),
  );
  const message = formBody({ ...BENCH_MESSAGE, content: values.content ?? BENCH_MESSAGE.content });
  const block: JoinBlock = {};
  let sent = 0;
  const one = async (): Promise<number> => {
    const bytes = sentBytes(await post('messages', message), block, responseText);
    if (queues.length && ++sent % ACK_EVERY === 0) for (const q of queues) q.prune(q.nextId - 1);
    return bytes;
  };
  return { name: root, one };
}

const sides = [await side(here)];
if (values.against) sides.push(await side(resolve(values.against)));
console.log(`answer bytes: ${(await Promise.all(sides.map((s) => s.one()))).join(' / ')}`);
const samples = await alternate(sides, { rounds: Number(values.rounds), chunk: Number(values.chunk) });
for (const line of summary(samples, 'send')) console.log(line);
