/**
 * Child process of the MSW row: `fetch` through msw's `setupServer` in one process, either to the mock's
 * handlers (mode "mock") or to a bare handler answering the same captured bytes and headers ("bare").
 * Prints one JSON line: requests per second over the measured time after a one-second warm-up.
 * Run: node --import tsx src/bench/harness/msw-process.ts mock|bare <seconds> <concurrency>
 */
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type * as Handlers from '../../adapters/msw/handlers.js';
import type * as App from '../../api/app.js';
import { built } from './built.js';

const { createHandlers } = await built<typeof Handlers>('adapters/msw/handlers.js');
const { createApp } = await built<typeof App>('api/app.js');

const [mode, secondsArg, concurrencyArg] = process.argv.slice(2);
const realm = JSON.parse(
  readFileSync(new URL('../../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
const app = createApp({ realm });
const admin = app.store.state.usersByEmail.get('iago@svc.test')!;
const auth = `Basic ${Buffer.from(`${admin.delivery_email}:${admin.api_key}`).toString('base64')}`;
const url = 'http://localhost:9991/api/v1/users/me';
const sample = await app.fetch(new Request(url, { headers: { authorization: auth } }));
const bytes = new Uint8Array(await sample.arrayBuffer());
const headers = [...sample.headers];

const server = setupServer(
  ...(mode === 'mock'
    ? createHandlers(app)
    : // Matched by a predicate, as the mock's handler is, so both pay the same matching cost.
      [
        http.get(
          ({ request }) => new URL(request.url).pathname === '/api/v1/users/me',
          () => new HttpResponse(bytes.slice(), { status: sample.status, headers }),
        ),
      ]),
);
server.listen({ onUnhandledRequest: 'error' });

async function load(seconds: number, concurrency: number): Promise<number> {
  const stop = performance.now() + seconds * 1000;
  let requests = 0;
  const loop = async (): Promise<void> => {
    while (performance.now() < stop) {
      const res = await fetch(url, { headers: { authorization: auth } });
      const body = await res.arrayBuffer();
      if (res.status !== 200 || body.byteLength !== bytes.length)
        throw new Error(`unexpected answer ${res.status}`);
      requests++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return requests / ((performance.now() - started) / 1000);
}

await load(1, Number(concurrencyArg));
const perSecond = await load(Number(secondsArg), Number(concurrencyArg));
server.close();
console.log(JSON.stringify({ perSecond, bytes: bytes.length, headers: headers.length }));
