// The dev realm's render cache: a server prepared with the recorded renders answers exactly as one that renders;
// the cache is used only for the realm bytes and the build it was written for, and a damaged one is ignored.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMock } from '../mock/create-mock.js';
import { PreparedRealm } from '../store/load-realm.js';
import { createManualClock } from '../store/clock.js';
import { ADMIN, MEMBER } from '../testing/accounts.js';
import { cachedRenders, keepCachedRenders, writeRenderCache, type CachedRenders } from './prepared-realm.js';

const DEV_REALM = new URL('../../fixtures/dev-realm.json', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'svc-mock-renders-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const BUILD = 'build-under-test';
const CACHE = join(dir, 'renders.json');
writeRenderCache(DEV_REALM, CACHE, BUILD);
const bytes = readFileSync(DEV_REALM);

const KEYS: Record<string, string> = {};
/** A mock served as `svc-mock serve` prepares it: from the file's bytes, with the cached renders if given. */
function serve(cached: CachedRenders | undefined): ReturnType<typeof createMock> {
  const realm = PreparedRealm.from(JSON.parse(bytes.toString('utf8')), {
    owned: true,
    renders: cached?.renders,
  });
  const mock = createMock({ realm, clock: createManualClock(Date.UTC(2025, 5, 1)), seed: 7 });
  if (cached) keepCachedRenders(mock.store.state, cached);
  return mock;
}

/** The answers a client's start reads: server settings, register (every section) and pages of messages. */
async function answers(mock: ReturnType<typeof createMock>): Promise<string[]> {
  const out: string[] = [];
  const call = async (
    email: string | undefined,
    method: string,
    path: string,
    body?: string,
  ): Promise<void> => {
    const headers: Record<string, string> = {};
    if (email) {
      const key = (KEYS[email] ??= mock.store.state.usersByEmail.get(email)!.api_key);
      headers.authorization = `Basic ${btoa(`${email}:${key}`)}`;
    }
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await mock.fetch(new Request(`http://mock.test/api/v1/${path}`, { method, headers, body }));
    // Queue ids never repeat between two apps, even with one seed: the one field that may differ.
    const text = (await res.text()).replace(/"queue_id":"[^"]+"/, '"queue_id":"*"');
    out.push(`${res.status} ${path} ${text}`);
  };
  await call(undefined, 'GET', 'server_settings');
  for (const email of [ADMIN, MEMBER]) {
    await call(email, 'POST', 'register', 'apply_markdown=true');
    await call(email, 'GET', 'messages?anchor=newest&num_before=1000&num_after=0&apply_markdown=true');
    await call(email, 'GET', 'streams');
  }
  return out;
}

describe('render cache of a realm file', () => {
  it('records the renders of the dev realm: messages, channel descriptions and the organization description', () => {
    const file = JSON.parse(readFileSync(CACHE, 'utf8'));
    expect(file.messages.length).toBeGreaterThan(100);
    expect(file.descriptions.length).toBeGreaterThan(3);
    expect(file.realmDescription[1]).toMatch(/^<p>/);
  });

  it('gives the same answers as a realm that renders', async () => {
    const cached = cachedRenders(bytes, CACHE, BUILD);
    expect(cached).toBeDefined();
    const rendered = await answers(serve(undefined));
    expect(rendered.join('\n')).toContain('rendered_description');
    expect(await answers(serve(cached))).toEqual(rendered);
  });

  it('is what the loader takes: a changed recorded HTML shows up in the answers', async () => {
    const file = JSON.parse(readFileSync(CACHE, 'utf8'));
    file.messages[0][1][0] = '<p>recorded-marker</p>';
    file.descriptions[0][1] = '<p>description-marker</p>';
    const changed = join(dir, 'changed.json');
    writeFileSync(changed, JSON.stringify(file));
    const text = (await answers(serve(cachedRenders(bytes, changed, BUILD)))).join('\n');
    expect(text).toContain('recorded-marker');
    expect(text).toContain('description-marker');
  });

  it('is not used for realm bytes that differ by one byte, for another build or without a build id', () => {
    const other = Buffer.from(bytes);
    const at = other.indexOf('"Verona"');
    expect(at).toBeGreaterThan(0);
    other[at + 1] = 'v'.charCodeAt(0);
    expect(other.length).toBe(bytes.length);
    expect(cachedRenders(other, CACHE, BUILD)).toBeUndefined();
    expect(cachedRenders(Buffer.concat([bytes, Buffer.from(' ')]), CACHE, BUILD)).toBeUndefined();
    expect(cachedRenders(bytes, CACHE, 'another-build')).toBeUndefined();
    expect(cachedRenders(bytes, CACHE, undefined)).toBeUndefined();
    expect(cachedRenders(bytes, join(dir, 'missing.json'), BUILD)).toBeUndefined();
  });

  it('ignores a damaged cache file', () => {
    const text = readFileSync(CACHE, 'utf8');
    const file = JSON.parse(text);
    const damaged = [
      text.slice(0, text.length / 2),
      'null',
      '[]',
      JSON.stringify({ ...file, format: 'svc-mock-renders/0' }),
      JSON.stringify({ ...file, messages: [['x', ['<p>x</p>', [], [], 'all', false, false, false]]] }),
      JSON.stringify({ ...file, descriptions: [['x', 1]] }),
      JSON.stringify({ ...file, realmDescription: ['x'] }),
      JSON.stringify({ ...file, sha256: file.sha256.replace(/^./, (c: string) => (c === '0' ? '1' : '0')) }),
    ];
    damaged.forEach((content, i) => {
      const path = join(dir, `damaged-${i}.json`);
      writeFileSync(path, content);
      expect(cachedRenders(bytes, path, BUILD), content.slice(0, 80)).toBeUndefined();
    });
    expect(cachedRenders(bytes, CACHE, BUILD)).toBeDefined();
  });
});
