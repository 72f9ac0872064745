import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../adapters/node/server.js';
import { createMock } from '../mock/create-mock.js';
import { devRealm, preparedDevRealm } from '../testing/dev-realm.js';
import { runConformanceDiff } from './diff/run-diff.js';
import { createMockTarget } from './mock-target.js';
import { startRecording } from './record/record-session.js';
import { runConformance } from './run-conformance.js';
import type { Target } from './target.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-secrets-'));
const users = (devRealm() as { users: Array<{ delivery_email: string; api_key: string; password?: string }> })
  .users;
/** Every API key (bots' too) and password of the dev realm. */
const SECRETS = users.flatMap((u) => [u.api_key, ...(u.password ? [u.password] : [])]);
const KEY_PATTERN = /[A-Za-z]+SvcDevApiKey[0-9a-z]+/g;

/** Every key a body answers with a '!' appended; the values under key and password fields collected in `found`. */
function leak(value: unknown, found: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => leak(v, found));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if ((key === 'api_key' || key === 'password') && typeof item === 'string') {
      // A '!' breaks the scenarios' key pattern, so failures print the key as the actual value.
      out[key] = key === 'api_key' ? `${item}!` : item;
      found.push(out[key] as string);
    } else out[key] = leak(item, found);
  }
  return out;
}

/** The in-process mock, answering every key with a '!' and a note that repeats the secrets in plain text. */
function leakyTarget(): Target {
  const inner = createMockTarget();
  return {
    ...inner,
    async session() {
      const session = await inner.session();
      return {
        ...session,
        fetch: async (request: Request) => {
          const response = await session.fetch(request);
          if (!/json/.test(response.headers.get('content-type') ?? '')) return response;
          const found: string[] = [];
          const body = leak(await response.json(), found) as Record<string, unknown>;
          if (found.length && !Array.isArray(body)) body.svc_note = `seen: ${found.join(' ')}`;
          return Response.json(body, { status: response.status, headers: response.headers });
        },
      };
    },
  };
}

let consoleText = '';
let exitCode = 0;
let diffText = '';
const files = (): string[] => readdirSync(dir).map((name) => join(dir, name));

/** A client session through the recording proxy that asks for keys, sends a password and creates a bot. */
async function recordSecrets(base: string): Promise<void> {
  const hamlet = users.find((u) => u.delivery_email === 'hamlet@svc.test')!;
  const cordelia = users.find((u) => u.delivery_email === 'cordelia@svc.test')!;
  const auth = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
  const call = async (
    method: string,
    path: string,
    params: Record<string, string>,
    authorization?: string,
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (authorization) headers.authorization = authorization;
    const get = method === 'GET';
    const form = new URLSearchParams(params).toString();
    const response = await fetch(`${base}/api/v1${path}${get && form ? `?${form}` : ''}`, {
      method,
      headers: get ? { authorization: headers.authorization ?? '' } : headers,
      body: get ? undefined : form,
    });
    return (await response.json()) as Record<string, unknown>;
  };
  await call('POST', '/dev_fetch_api_key', { username: hamlet.delivery_email });
  await call('POST', '/fetch_api_key', { username: cordelia.delivery_email, password: cordelia.password! });
  await call('GET', '/users/me', {}, auth(hamlet.delivery_email, hamlet.api_key));
  const bot = await call(
    'POST',
    '/bots',
    { full_name: 'Leak bot', short_name: 'leak', bot_type: '1' },
    auth(hamlet.delivery_email, hamlet.api_key),
  );
  SECRETS.push(String(bot.api_key));
  await call('GET', '/users/me', {}, auth(String(bot.email ?? 'leak-bot@svc.test'), String(bot.api_key)));
}

beforeAll(async () => {
  exitCode = await runConformance(
    {
      files: [],
      aliases: [],
      runId: 'rleak',
      reporters: [
        { kind: 'console' },
        { kind: 'json', file: join(dir, 'run.json') },
        { kind: 'junit', file: join(dir, 'run.xml') },
        { kind: 'markdown', file: join(dir, 'run.md') },
        { kind: 'html', file: join(dir, 'run.html') },
        { kind: 'github', file: join(dir, 'step-summary.md') },
      ],
    },
    {
      out: (t) => (consoleText += t),
      err: (t) => (consoleText += t),
      tty: false,
      colour: false,
      makeTarget: () => leakyTarget(),
    },
  );
  await runConformanceDiff(
    {
      files: [
        'scenarios/register-realm-bots.yaml',
        'scenarios/server-dev-fetch-api-key.yaml',
        'scenarios/users-create.yaml',
      ],
      target: 'mock',
      against: 'mock',
      aliases: [],
      reporters: [
        { kind: 'console' },
        { kind: 'json', file: join(dir, 'diff.json') },
        { kind: 'markdown', file: join(dir, 'diff.md') },
        { kind: 'junit', file: join(dir, 'diff.xml') },
      ],
    },
    {
      out: (t) => (diffText += t),
      err: (t) => (diffText += t),
      makeTarget: (_spec, side, level) =>
        side === 'A' ? leakyTarget() : createMockTarget({ featureLevel: level }),
    },
  );
  const server = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), {
    port: 0,
    host: '127.0.0.1',
  });
  try {
    const recording = await startRecording({
      target: server.url,
      output: join(dir, 'recorded.yaml'),
      port: 0,
    });
    await recordSecrets(recording.proxy.url);
    await recording.stop();
  } finally {
    await server.close();
  }
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secrets never leave memory', () => {
  it('ran every report format, with failures that show the answers holding keys', () => {
    expect(exitCode).toBe(1);
    expect(
      files()
        .map((f) => f.replace(/^.*\//, ''))
        .sort(),
    ).toEqual([
      'diff.json',
      'diff.md',
      'diff.xml',
      'recorded.yaml',
      'run.html',
      'run.json',
      'run.md',
      'run.xml',
      'step-summary.md',
    ]);
    // The keys the mock hands out end in '!' here, so the steps that check a key's form fail and print answers.
    expect(consoleText).toMatch(/^::error file=scenarios\/server-dev-fetch-api-key\.yaml,line=\d+,/m);
    expect(consoleText).toMatch(/-u "[^":]+@svc\.test:\$\{SVC_API_KEY\}"/);
    expect(readFileSync(join(dir, 'run.json'), 'utf8')).toContain('"api_key": "<redacted api_key>"');
    expect(consoleText).toContain('+ actual   "<redacted>"');
    expect(readFileSync(join(dir, 'run.html'), 'utf8')).toContain('+ actual   &quot;&lt;redacted&gt;&quot;');
    expect(diffText).toContain('register');
    expect(SECRETS.length).toBeGreaterThan(27);
  });

  it('finds no API key or password of the realm in the console, any report, the diff reports or the recording', () => {
    const texts: Array<[string, string]> = [
      ['console', consoleText],
      ['diff console', diffText],
      ...files().map((f): [string, string] => [f.replace(/^.*\//, ''), readFileSync(f, 'utf8')]),
    ];
    const leaks = texts.flatMap(([name, text]) => [
      ...SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${name}: ${secret}`),
      ...[...text.matchAll(KEY_PATTERN)].map((m) => `${name}: ${m[0]}`),
      ...[...text.matchAll(/\/user_uploads\/temporary\/(?!<redacted>)[^/"\s]+/g)].map(
        (m) => `${name}: ${m[0]}`,
      ),
      ...[...text.matchAll(/\/join\/(?!<redacted>)[^/"\s]+/g)].map((m) => `${name}: ${m[0]}`),
    ]);
    expect(leaks).toEqual([]);
  });
});
