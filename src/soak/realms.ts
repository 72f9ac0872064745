/**
 * The longer many-realms soak: a `svc-mock serve` child, N realms made over POST /svc-mock/realms, Q queues in
 * each, R rounds of concurrent sends; exits 1 when any queue got anything but its own realm's messages.
 *
 *   npx tsx src/soak/realms.ts [--realms 50] [--queues 10] [--sends 20] [--rounds 20]
 */
import { request } from 'undici';
import { startServeProcess } from '../testing/serve-process.js';
import { realmsOverHttp, soakRealms, type RealmFetch } from './realms-soak.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

const size = {
  realms: option('realms', 50),
  queues: Math.min(10, option('queues', 10)),
  sends: option('sends', 20),
  rounds: option('rounds', 20),
};
const RUN = new URL('../cli/run.ts', import.meta.url).pathname;
const serve = await startServeProcess(['--import', 'tsx', RUN, 'serve', '--port', '0']);
const { port } = new URL(serve.url);

/** A request with the realm's Host (fetch would send the URL's). */
async function fetchAt(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  const answer = await request(`${serve.url}${path}`, {
    method: (init.method ?? 'GET') as 'GET',
    headers: { ...(init.headers as Record<string, string> | undefined), host },
    body: init.body as string | undefined,
  });
  return new Response(await answer.body.arrayBuffer(), { status: answer.statusCode });
}

const send: RealmFetch = (subdomain, path, init) => fetchAt(`${subdomain}.localhost:${port}`, path, init);
const started = performance.now();
try {
  const result = await soakRealms(
    realmsOverHttp((path, init) => fetchAt(`localhost:${port}`, path, init)),
    send,
    size,
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${size.realms} realms x ${size.queues} queues, ${size.rounds} rounds of ${size.sends} sends per realm: ${result.sent} sent, ${result.delivered} delivered in ${seconds.toFixed(1)} s`,
  );
  for (const problem of result.problems.slice(0, 20)) console.log(`problem: ${problem}`);
  console.log(
    result.problems.length
      ? `FAIL: ${result.problems.length} problems`
      : "PASS: every queue got exactly its realm's messages",
  );
  process.exitCode = result.problems.length ? 1 : 0;
} finally {
  serve.child.kill('SIGTERM');
  await serve.exited;
}
