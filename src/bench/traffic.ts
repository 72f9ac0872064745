/**
 * Cost of the traffic shaper on the dispatcher's hot path: an in-process loop of GET /users/me through
 * `app.handle`, without the option, with an idle Traffic (all off) and with generous rate limits on.
 * Run: npx tsx src/bench/traffic.ts [requests per round, default 50000]
 */
import { readFileSync } from 'node:fs';
import { createApp, type App } from '../api/app.js';
import type { ApiRequest } from '../api/route.js';
import { createTraffic } from '../api/traffic/index.js';
import { PreparedRealm } from '../store/load-realm.js';

const N = Number(process.argv[2] ?? 50_000);
const realm = PreparedRealm.from(
  JSON.parse(readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8')),
);

function request(app: App): ApiRequest {
  const user = app.store.state.usersByEmail.get('hamlet@svc.test')!;
  const auth = `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`;
  return {
    method: 'GET',
    path: '/api/v1/users/me',
    query: '',
    header: (name) => (name === 'authorization' ? auth : undefined),
    body: null,
  };
}

async function round(app: App): Promise<number> {
  const req = request(app);
  const start = performance.now();
  for (let i = 0; i < N; i++) {
    const res = await app.handle(req);
    if (res.status !== 200) throw new Error(`unexpected ${res.status}`);
  }
  return ((performance.now() - start) * 1000) / N;
}

const variants: Record<string, () => App> = {
  'no traffic option': () => createApp({ realm, logError: () => {} }),
  'traffic, all off': () => createApp({ realm, traffic: createTraffic(), logError: () => {} }),
  'rate limit on (1e9/60s)': () =>
    createApp({ realm, traffic: createTraffic({ settings: { rateLimit: '1000000000/60s' } }) }),
};

const results: Record<string, number[]> = {};
// Interleaved rounds, so machine noise spreads over every variant; the median of five is reported.
for (let r = 0; r < 5; r++) {
  for (const [name, make] of Object.entries(variants)) (results[name] ??= []).push(await round(make()));
}
for (const [name, times] of Object.entries(results)) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(26)} median ${sorted[2]!.toFixed(2)} µs/request  (rounds: ${times.map((t) => t.toFixed(2)).join(', ')})`,
  );
}
