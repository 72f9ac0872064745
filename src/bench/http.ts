/**
 * Benchmark: requests per second of the mock's node server against a bare node:http server measured in the
 * same run (the machines are shared and noisy, so only the ratios mean something).
 * Run: npx tsx src/bench/http.ts [requests]
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../adapters/node/server.js';
import { createApp } from '../api/app.js';
import { runLoad, type LoadResult } from './load.js';

const COUNT = Number(process.argv[2] ?? 20000);
const realm = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
const app = createApp({ realm });
const mock = await startServer(app, { port: 0 });
const admin = app.store.state.usersByEmail.get('iago@svc.test')!;
const auth = `Basic ${btoa(`${admin.delivery_email}:${admin.api_key}`)}`;

// The bare baseline answers a JSON body of the same size as GET /users/me.
const sample = JSON.stringify(
  await (
    await app.fetch(new Request('http://x/api/v1/users/me', { headers: { authorization: auth } }))
  ).json(),
);
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(sample);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const cases: Array<[string, string, string, string]> = [
  ['bare node:http (baseline)', bareUrl, '/', ''],
  ['GET /server_settings (no auth)', mock.url, '/api/v1/server_settings', ''],
  ['GET /users/me (Basic auth)', mock.url, '/api/v1/users/me', auth],
  ['GET /users (all users)', mock.url, '/api/v1/users', auth],
  [
    'GET /messages (20 newest, no narrow)',
    mock.url,
    '/api/v1/messages?anchor=newest&num_before=20&num_after=0',
    auth,
  ],
  [
    'GET /messages (20 newest in a topic)',
    mock.url,
    `/api/v1/messages?anchor=newest&num_before=20&num_after=0&narrow=${encodeURIComponent(
      JSON.stringify([
        { operator: 'channel', operand: 'Denmark' },
        { operator: 'topic', operand: 'castle' },
      ]),
    )}`,
    auth,
  ],
];

await runLoad(bareUrl, '/', '', 2000); // warm-up
await runLoad(mock.url, '/api/v1/users/me', auth, 2000);
const results: Array<[string, LoadResult]> = [];
for (const [name, url, path, header] of cases) results.push([name, await runLoad(url, path, header, COUNT)]);
const baseline = results[0]![1].perSecond;
console.log(`${COUNT} requests per case, 16 connections, client in a child process\n`);
for (const [name, r] of results) {
  const ratio = (r.perSecond / baseline).toFixed(2);
  console.log(
    `${name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(7)} req/s  ${ratio}× baseline  failures ${r.failures}`,
  );
}
bare.close();
await mock.close();
