// The dev realm's prepared record: a server loading the recorded fixture (validated at build time) with the
// recorded renders answers exactly as one that validates and renders the file; the record is used only for the
// realm bytes and the build it was written for, and a damaged one is ignored.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMock } from '../mock/create-mock.js';
import { PreparedRealm, RealmLoadError, validatedFixture } from '../store/load-realm.js';
import { createManualClock } from '../store/clock.js';
import { ADMIN, MEMBER } from '../testing/accounts.js';
import {
  keepCachedRenders,
  preparedRealmFile,
  writePreparedRealm,
  type PreparedRealmFile,
  type PreparedRealmFiles,
} from './prepared-realm.js';

const DEV_REALM = new URL('../../fixtures/dev-realm.json', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'svc-mock-prepared-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const BUILD = 'build-under-test';
const FILES: PreparedRealmFiles = { record: join(dir, 'record.json'), source: join(dir, 'source.json') };
writePreparedRealm(DEV_REALM, FILES, BUILD);
const bytes = readFileSync(DEV_REALM);

/** The record with another record file (the source copy stays the one written). */
const withRecord = (record: string): PreparedRealmFiles => ({ ...FILES, record });

const KEYS: Record<string, string> = {};
/** A mock served as `svc-mock serve` prepares it: from the record if given, else from the file's bytes. */
function serve(recorded: PreparedRealmFile | undefined): ReturnType<typeof createMock> {
  const realm = recorded
    ? PreparedRealm.from(recorded.fixture, { owned: true, renders: recorded.renders, validated: true })
    : PreparedRealm.from(JSON.parse(bytes.toString('utf8')), { owned: true });
  const mock = createMock({ realm, clock: createManualClock(Date.UTC(2025, 5, 1)), seed: 7 });
  if (recorded) keepCachedRenders(mock.store.state, recorded);
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

describe('prepared record of a realm file', () => {
  it('records the validated fixture and the renders of the dev realm: messages, channel and organization descriptions', () => {
    const file = JSON.parse(readFileSync(FILES.record, 'utf8'));
    expect(file.messages.length).toBeGreaterThan(100);
    expect(file.descriptions.length).toBeGreaterThan(3);
    expect(file.realmDescription[1]).toMatch(/^<p>/);
    const raw = JSON.parse(bytes.toString('utf8'));
    expect(file.fixture).toEqual(validatedFixture(raw));
    // Validation fills defaults in: the record is not the file as written.
    expect(file.fixture).not.toEqual(raw);
    expect(readFileSync(FILES.source).equals(bytes)).toBe(true);
  });

  it('gives the same answers as a realm that validates and renders', async () => {
    const recorded = preparedRealmFile(bytes, FILES, BUILD);
    expect(recorded).toBeDefined();
    const rendered = await answers(serve(undefined));
    expect(rendered.join('\n')).toContain('rendered_description');
    expect(await answers(serve(recorded))).toEqual(rendered);
  });

  it('is what the loader takes: a changed recorded fixture or HTML shows up in the answers', async () => {
    const file = JSON.parse(readFileSync(FILES.record, 'utf8'));
    file.messages[0][1][0] = '<p>recorded-marker</p>';
    file.descriptions[0][1] = '<p>description-marker</p>';
    file.fixture.realm.name = 'Recorded realm name';
    const changed = join(dir, 'changed.json');
    writeFileSync(changed, JSON.stringify(file));
    const text = (await answers(serve(preparedRealmFile(bytes, withRecord(changed), BUILD)))).join('\n');
    expect(text).toContain('recorded-marker');
    expect(text).toContain('description-marker');
    expect(text).toContain('"realm_name":"Recorded realm name"');
  });

  it('is not used for realm bytes that differ by one byte, for another build or without a build id', () => {
    const other = Buffer.from(bytes);
    const at = other.indexOf('"Verona"');
    expect(at).toBeGreaterThan(0);
    other[at + 1] = 'v'.charCodeAt(0);
    expect(other.length).toBe(bytes.length);
    expect(preparedRealmFile(other, FILES, BUILD)).toBeUndefined();
    expect(preparedRealmFile(Buffer.concat([bytes, Buffer.from(' ')]), FILES, BUILD)).toBeUndefined();
    expect(preparedRealmFile(bytes, FILES, 'another-build')).toBeUndefined();
    expect(preparedRealmFile(bytes, FILES, undefined)).toBeUndefined();
    expect(preparedRealmFile(bytes, withRecord(join(dir, 'missing.json')), BUILD)).toBeUndefined();
    expect(preparedRealmFile(bytes, { ...FILES, source: join(dir, 'missing.json') }, BUILD)).toBeUndefined();
  });

  it('ignores a damaged record', () => {
    const text = readFileSync(FILES.record, 'utf8');
    const file = JSON.parse(text);
    const damaged = [
      text.slice(0, text.length / 2),
      'null',
      '[]',
      JSON.stringify({ ...file, format: 'svc-mock-prepared-realm/0' }),
      JSON.stringify({ ...file, messages: [['x', ['<p>x</p>', [], [], 'all', false, false, false]]] }),
      JSON.stringify({ ...file, descriptions: [['x', 1]] }),
      JSON.stringify({ ...file, realmDescription: ['x'] }),
      JSON.stringify({ ...file, fixture: null }),
      JSON.stringify({ ...file, fixture: { ...file.fixture, messages: {} } }),
    ];
    damaged.forEach((content, i) => {
      const path = join(dir, `damaged-${i}.json`);
      writeFileSync(path, content);
      expect(preparedRealmFile(bytes, withRecord(path), BUILD), content.slice(0, 80)).toBeUndefined();
    });
    expect(preparedRealmFile(bytes, FILES, BUILD)).toBeDefined();
  });

  it('is recorded only from a valid realm file', () => {
    const bad = join(dir, 'bad-realm.json');
    const raw = JSON.parse(bytes.toString('utf8'));
    raw.realm.name = 42;
    writeFileSync(bad, JSON.stringify(raw));
    expect(() =>
      writePreparedRealm(bad, { record: join(dir, 'r.json'), source: join(dir, 's.json') }, BUILD),
    ).toThrow(RealmLoadError);
  });
});
