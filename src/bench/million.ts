/**
 * The million-message realm (1,000 users, 200 channels), measured from outside as a user runs it: `svc-mock serve
 * --realm FILE` of the built CLI, pinned to core 0, with FILE.prepared beside the fixture (written once by
 * `svc-mock realm prepare`). Figures: milliseconds from spawn to the first answer of GET /api/v1/users/me and the
 * RSS then (fresh processes); server CPU per request of GET /messages, the 100 newest of a channel narrow, against
 * the same request on the 10,000-message realm (CPU from /proc/PID/stat over N requests sent from this process,
 * the two servers alternating, runs × each). With --json, the same start-up figures without the prepared form.
 * Realms are generated once into --dir (default: the system temp folder) and reused.
 * The server's CPU time by its first answer is printed beside the wall-clock time (steadier on a shared machine).
 * Run: npm run bench:million [-- --runs 3 --requests 2000 --json --dir DIR --core 0|none]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spread } from './harness/stats.js';
import { load, memberOf, serveRealm, type Credentials, type ServedRealm } from './harness/served-realm.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    requests: { type: 'string', default: '2000' },
    json: { type: 'boolean', default: false },
    dir: { type: 'string', default: join(tmpdir(), 'svc-mock-bench-million') },
    core: { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const requests = Number(values.requests);
// --core none leaves the servers unpinned (on a machine where others pin their work to core 0 too).
const core = values.core === 'none' ? undefined : Number(values.core);
const BIN = fileURLToPath(new URL('../../bin/svc-mock.js', import.meta.url));
const REALMS = {
  '1M': { users: 1000, channels: 200, messages: 1_000_000 },
  '10k': { users: 1000, channels: 200, messages: 10_000 },
};
type Label = keyof typeof REALMS;

const cli = (args: string[]): void =>
  void execFileSync(process.execPath, [BIN, ...args], { stdio: 'inherit' });

/** The realm's fixture, generated once (seed 42) and kept in --dir. */
function fixture(label: Label): string {
  mkdirSync(values.dir, { recursive: true });
  const { users, channels, messages } = REALMS[label];
  const file = join(values.dir, `realm-${label}-u${users}-c${channels}-m${messages}-s42.json`);
  if (!existsSync(file)) {
    const temp = `${file}.${process.pid}.tmp`;
    cli(
      [
        'realm',
        'generate',
        ...['--users', `${users}`, '--channels', `${channels}`, '--messages', `${messages}`],
      ].concat(['--seed', '42', '-o', temp]),
    );
    renameSync(temp, file);
  }
  return file;
}

/** Starts the realm's server once to learn a member's credentials; writes FILE.prepared when missing or stale. */
async function prepared(file: string): Promise<Credentials> {
  if (existsSync(`${file}.prepared`)) {
    const probe = await serveRealm(file, undefined, { core });
    const who = await memberOf(probe);
    await probe.stop();
    if (!probe.stderr().includes('not using')) return who;
  }
  const started = performance.now();
  cli(['realm', 'prepare', file]);
  console.log(`  realm prepare ${file}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const probe = await serveRealm(file, undefined, { core });
  const who = await memberOf(probe);
  await probe.stop();
  if (probe.stderr().includes('not using'))
    throw new Error(`serve did not take the prepared form: ${probe.stderr()}`);
  return who;
}

/** The channel narrow of the bench: the member's subscribed channel with the most of 100 newest messages. */
async function channelPage(served: ServedRealm, who: Credentials): Promise<string> {
  const { body } = await served.get('/api/v1/users/me/subscriptions', who);
  const { subscriptions } = JSON.parse(body) as { subscriptions: Array<{ name: string }> };
  let best = { path: '', count: -1 };
  for (const { name } of subscriptions.slice(0, 20)) {
    const narrow = JSON.stringify([{ operator: 'channel', operand: name }]);
    const path = `/api/v1/messages?${new URLSearchParams({ anchor: 'newest', num_before: '100', num_after: '0', narrow })}`;
    const answer = JSON.parse((await served.get(path, who)).body) as { messages: unknown[] };
    if (answer.messages.length > best.count) best = { path, count: answer.messages.length };
    if (best.count === 100) break;
  }
  return best.path;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);
const range = (xs: number[], f: (x: number) => string): string => {
  const s = spread(xs);
  return `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
};

async function startUp(label: string, file: string, who: Credentials): Promise<void> {
  const served: ServedRealm[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await serveRealm(file, who, { core });
    served.push(s);
    await s.stop();
  }
  const wall = range(
    served.map((s) => s.firstAnswerMs),
    seconds,
  );
  const cpu = range(
    served.map((s) => s.firstAnswerCpu * 1000),
    seconds,
  );
  const rss = range(
    served.map((s) => s.rss),
    mb,
  );
  const peak = range(
    served.map((s) => s.peakRss),
    mb,
  );
  console.log(
    `${label}: first answer of GET /users/me ${wall} s (server CPU by then ${cpu} s), RSS then ${rss} MB (peak ${peak} MB)`,
  );
}

async function main(): Promise<void> {
  console.log(`realms in ${values.dir}; ${runs} runs, ${requests} requests per CPU run`);
  const files = { '1M': fixture('1M'), '10k': fixture('10k') };
  const who = { '1M': await prepared(files['1M']), '10k': await prepared(files['10k']) };
  await startUp('1M realm, prepared form', files['1M'], who['1M']);
  if (values.json) {
    const json = join(values.dir, 'realm-1M-json-only.json');
    if (!existsSync(json)) execFileSync('ln', ['-s', files['1M'], json]);
    await startUp('1M realm, JSON only', json, who['1M']);
  }
  const servers = {
    '1M': await serveRealm(files['1M'], who['1M'], { core }),
    '10k': await serveRealm(files['10k'], who['10k'], { core }),
  };
  try {
    const paths = {
      '1M': await channelPage(servers['1M'], who['1M']),
      '10k': await channelPage(servers['10k'], who['10k']),
    };
    const perRequest: Record<Label, number[]> = { '1M': [], '10k': [] };
    for (const label of ['1M', '10k'] as const) await load(servers[label], paths[label], who[label], 500);
    for (let run = 0; run < runs; run++) {
      for (const label of ['1M', '10k'] as const) {
        const s = servers[label];
        const before = s.cpu();
        await load(s, paths[label], who[label], requests);
        perRequest[label].push(((s.cpu() - before) * 1e6) / requests);
      }
    }
    const ratios = perRequest['1M'].map((v, i) => v / perRequest['10k'][i]!);
    const us = (x: number): string => x.toFixed(0);
    console.log(
      `GET /messages, 100 newest of a channel narrow: server CPU ${range(perRequest['1M'], us)} µs/request (1M) vs ` +
        `${range(perRequest['10k'], us)} µs/request (10k); ratio ${range(ratios, (x) => x.toFixed(2))} (target ≤ 1.5)`,
    );
  } finally {
    await servers['1M'].stop();
    await servers['10k'].stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
