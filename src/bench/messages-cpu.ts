/**
 * CPU time per request of the bench's GET /messages row (100 newest of a channel with 120 messages, dev realm)
 * in process: app.handle, then the bytes the node server would write (a page of cached pieces joined into a
 * reused block; text encoded). With `--against <checkout>` the same request is also run on another checkout's
 * sources in the same process, alternating chunks, so both see the same machine load (ratios mean something
 * on a shared machine; absolute figures less so).
 * With `--rotate N` the anchor goes through N message ids in turn (600 messages are sent first), as the
 * harness's "page assembled" rows: every request misses the page cache; `--search` adds the search term.
 * Run: npx tsx src/bench/messages-cpu.ts [--against ../other-checkout] [--rounds 20] [--chunk 1000]
 *      [--rotate 300] [--search]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sentBytes, type JoinBlock } from './harness/answer-bytes.js';
import { alternate, summary, type Side as AlternateSide } from './harness/alternate.js';
import { BENCH_MESSAGE, subscribeFields } from './harness/bench-channel.js';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '20' },
    chunk: { type: 'string', default: '1000' },
    rotate: { type: 'string', default: '0' },
    search: { type: 'boolean', default: false },
  },
});
const here = resolve(new URL('../..', import.meta.url).pathname);
const realm = JSON.parse(readFileSync(resolve(here, 'fixtures/dev-realm.json'), 'utf8')) as unknown;
const rotate = Number(values.rotate);
const terms: object[] = [{ operator: 'channel', operand: 'bench' }];
if (values.search) terms.push({ operator: 'search', operand: 'benchmark markup' });
const narrow = encodeURIComponent(JSON.stringify(terms));
const query = (anchor: string): string =>
  `anchor=${anchor}&num_before=${rotate ? 99 : 100}&num_after=0&narrow=${narrow}`;

interface Side extends AlternateSide {
  one: () => Promise<number>;
}

/** What both old and new checkouts export (loosely typed: an older checkout may differ). */
interface Loaded {
  app: {
    store: {
      state: {
        usersByEmail: Map<string, { user_id: number; delivery_email: string; api_key: string }>;
        messages: Map<number, { id: number }>;
      };
    };
    fetch(request: Request): Promise<Response>;
    handle(request: object): Promise<{ body: unknown }>;
  };
  responseText: (response: { body: unknown }) => string | Uint8Array | null;
}

async function load(root: string): Promise<Loaded> {
  const source = (path: string): string => pathToFileURL(resolve(root, 'src', path)).href;
  const { createApp } = (await import(source('api/app.ts'))) as { createApp: (o: object) => Loaded['app'] };
  const { responseText } = (await import(source('api/route.ts'))) as Pick<Loaded, 'responseText'>;
  return { app: createApp({ realm, seed: 1, logError: () => {} }), responseText };
}

async function side(root: string): Promise<Side> {
  const { app, responseText } = await load(root);
  const { usersByEmail } = app.store.state;
  const basic = (u: { delivery_email: string; api_key: string }): string =>
    `Basic ${Buffer.from(`${u.delivery_email}:${u.api_key}`).toString('base64')}`;
  const admin = usersByEmail.get('iago@svc.test')!;
  const post = async (path: string, form: Record<string, string>): Promise<void> => {
    const init = {
      method: 'POST',
      headers: { authorization: basic(admin), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    };
    const res = await app.fetch(new Request(`http://bench/api/v1/${path}`, init));
    if (res.status !== 200) throw new Error(`${path}: ${await res.text()}`);
  };
  // The answer is the admin's view: the channel's other subscribers do not change it.
  await post('users/me/subscriptions', subscribeFields([admin]));
  const sent = rotate ? Math.max(600, rotate + 100) : 120;
  for (let i = 0; i < sent; i++) await post('messages', BENCH_MESSAGE);
  // The newest `rotate` ids but one page's worth as anchors: each page is full.
  const ids = [...app.store.state.messages.values()].map((m) => m.id).slice(-sent);
  const anchors = rotate ? ids.slice(100).slice(-rotate).map(String) : ['newest'];
  let turn = 0;
  const headers: Record<string, string> = { authorization: basic(admin), host: '127.0.0.1' };
  const requests = anchors.map((anchor) => ({
    method: 'GET',
    path: '/api/v1/messages',
    query: query(anchor),
    body: null,
    header: (n: string) => headers[n],
  }));
  const block: JoinBlock = {};
  const one = async (): Promise<number> =>
    sentBytes(await app.handle(requests[turn++ % requests.length]!), block, responseText);
  return { name: root, one };
}

const sides = [await side(here)];
if (values.against) sides.push(await side(resolve(values.against)));
console.log(`answer bytes: ${(await Promise.all(sides.map((s) => s.one()))).join(' / ')}`);
const samples = await alternate(sides, { rounds: Number(values.rounds), chunk: Number(values.chunk) });
for (const line of summary(samples, 'request')) console.log(line);
