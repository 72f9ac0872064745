/**
 * What `svc-mock serve` adds to the API per request, in process on the built code: createApp (the API alone)
 * against createMock with the control API (request log, realms by Host, traffic shaping available), as serve
 * builds it on a loopback address, and the same with an empty request log. Each side is set up as the
 * harness's rows (dev realm, the bench channel with 600 messages) and answers the same requests, alternating in
 * chunks in one process so that all see the same machine load; a page made of pieces is joined as the node
 * adapter joins it, an object body serialised as the transport would. CPU time includes the collector's threads.
 * Run: npm run build && npx tsx src/bench/mock-overhead.ts [users-me|page|post] [--rounds 12] [--chunk 2000]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type * as App from '../api/app.js';
import type * as Route from '../api/route.js';
import type * as CreateMock from '../mock/create-mock.js';
import { sentBytes, type JoinBlock } from './harness/answer-bytes.js';
import { alternate, summary } from './harness/alternate.js';
import { BENCH_MESSAGE, formBody } from './harness/bench-channel.js';
import { built } from './harness/built.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '12' }, chunk: { type: 'string', default: '2000' } },
});
const which = positionals[0] ?? 'users-me';
const { createApp } = await built<typeof App>('api/app.js');
const { createMock } = await built<typeof CreateMock>('mock/create-mock.js');
const { responseText } = await built<typeof Route>('api/route.js');
const realm = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;

type Handler = Pick<App.App, 'store' | 'fetch' | 'handle'>;

/** One request of the chosen kind against `app`, its answer made into bytes; resolves to their length. */
async function side(app: Handler): Promise<() => Promise<number>> {
  const admin = app.store.state.usersByEmail.get('iago@svc.test')!;
  const auth = `Basic ${Buffer.from(`${admin.delivery_email}:${admin.api_key}`).toString('base64')}`;
  const headers: Record<string, string> = {
    authorization: auth,
    host: '127.0.0.1',
    'content-type': 'application/x-www-form-urlencoded',
  };
  // A body is read as the node adapter gives it: bytes from readBody once routing and authentication passed.
  const call = (method: string, path: string, query: string, body: string | null) => {
    const bytes = body === null ? null : Buffer.from(body);
    return app.handle({
      method,
      path: `/api/v1/${path}`,
      query,
      body: null,
      readBody: () => Promise.resolve(bytes),
      header: (name) => headers[name],
    });
  };
  await call(
    'POST',
    'users/me/subscriptions',
    '',
    formBody({ subscriptions: JSON.stringify([{ name: BENCH_MESSAGE.to }]) }),
  );
  const message = formBody(BENCH_MESSAGE);
  const ids: number[] = [];
  for (let i = 0; i < 600; i++) {
    const sent = await call('POST', 'messages', '', message);
    ids.push((sent.body as { id: number }).id);
  }
  const narrow = encodeURIComponent(JSON.stringify([{ operator: 'channel', operand: 'bench' }]));
  const anchors = ids.slice(100, 400);
  const block: JoinBlock = {};
  let turn = 0;
  return async () => {
    const response =
      which === 'page'
        ? await call(
            'GET',
            'messages',
            `anchor=${anchors[turn++ % anchors.length]}&num_before=99&num_after=0&narrow=${narrow}`,
            null,
          )
        : which === 'post'
          ? await call('POST', 'messages', '', message)
          : await call('GET', 'users/me', '', null);
    return sentBytes(response, block, responseText);
  };
}

const sides: Array<[string, () => Promise<number>]> = [
  ['createApp', await side(createApp({ realm, seed: 1, journalSize: 0, logError: () => {} }))],
  ['createMock', await side(createMock({ realm, control: true, journalSize: 0, logError: () => {} }))],
  [
    'createMock, empty log',
    await side(createMock({ realm, control: true, journalSize: 0, requestLogSize: 0, logError: () => {} })),
  ],
];
const samples = await alternate(
  sides.map(([name, one]) => ({ name, one })),
  { rounds: Number(values.rounds), chunk: Number(values.chunk) },
);
for (const line of summary(samples, 'request', `${which}, `)) console.log(line);
