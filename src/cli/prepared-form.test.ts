import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../api/app.js';
import { generateRealm } from '../fixtures/generate/index.js';
import { PreparedRealm } from '../store/load-realm.js';
import { preparedFormFile, preparedFormPath, readPreparedForm, writePreparedForm } from './prepared-form.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-mock-prepared-form-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CODE = 'test code';
const DEV_REALM = readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url));

/** A realm file in the temporary folder. */
function realmFile(name: string, bytes: string | Uint8Array): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** An app on the realm as `serve --realm` loads the JSON. */
const fromJson = (bytes: Uint8Array): App =>
  createApp({ realm: PreparedRealm.from(JSON.parse(Buffer.from(bytes).toString('utf8')), { owned: true }) });

/** An app on the realm's prepared form, read as serve reads it. */
function fromForm(file: string, bytes: Uint8Array): App {
  const read = readPreparedForm(file, bytes, CODE);
  if (!read || !('form' in read)) throw new Error(`no prepared form: ${JSON.stringify(read)}`);
  const { fixture, renders, rows, messages } = read.form;
  return createApp({
    realm: PreparedRealm.from(fixture, { owned: true, validated: true, renders, rows, messages }),
  });
}

/** What a user's client would read: every message (all flags, rendered content), by narrow, and itself. */
async function answers(app: App, userCount: number): Promise<unknown[]> {
  const users = [...app.store.state.users.values()].filter((u) => !u.is_bot).slice(0, userCount);
  const narrows = [
    [],
    [{ operator: 'is', operand: 'starred' }],
    [{ operator: 'is', operand: 'mentioned' }],
    [{ operator: 'is', operand: 'unread' }],
    [{ operator: 'has', operand: 'link' }],
    [{ operator: 'is', operand: 'dm' }],
  ];
  const out: unknown[] = [];
  for (const user of users) {
    const authorization = `Basic ${Buffer.from(`${user.delivery_email}:${user.api_key}`).toString('base64')}`;
    const get = async (path: string): Promise<unknown> => {
      const res = await app.fetch(
        new Request(`http://127.0.0.1/api/v1/${path}`, { headers: { authorization } }),
      );
      return [path, res.status, await res.json()];
    };
    out.push(await get('users/me'));
    for (const narrow of narrows) {
      const query = new URLSearchParams({
        anchor: 'newest',
        num_before: '5000',
        num_after: '0',
        narrow: JSON.stringify(narrow),
      });
      out.push(await get(`messages?${query}`));
    }
  }
  return out;
}

describe('a realm prepared form', () => {
  it.each([
    ['the dev realm (mentions, wildcards, links, images)', () => DEV_REALM, 16],
    [
      'a generated realm (direct messages, reactions, edits)',
      () => JSON.stringify(generateRealm({ users: 25, channels: 5, messages: 400, seed: 7 })),
      6,
    ],
    [
      'a realm listing its messages out of id order',
      () => {
        const realm = generateRealm({ users: 15, channels: 4, messages: 200, seed: 11 });
        realm.messages.reverse();
        return JSON.stringify(realm);
      },
      5,
    ],
  ])('loads %s to the same answers as its JSON', async (_name, bytesOf, userCount) => {
    const bytes = Buffer.from(bytesOf());
    const file = realmFile(`same-${userCount}.json`, bytes);
    expect(writePreparedForm(file, CODE)).toBeGreaterThan(0);
    const json = fromJson(bytes);
    const form = fromForm(file, bytes);
    expect(form.store.state.messages.size).toBe(json.store.state.messages.size);
    expect([...form.store.state.messages.values()]).toEqual([...json.store.state.messages.values()]);
    const rows = (app: App) => [...app.store.state.index.flags].map(([id, r]) => [id, [...r]]);
    expect(rows(form)).toEqual(rows(json));
    const expected = await answers(json, userCount);
    expect(expected.length).toBeGreaterThan(userCount);
    expect(await answers(form, userCount)).toEqual(expected);
  });

  it('is not read for a changed realm file, nor by another code, and the file is loaded instead', () => {
    const realm = generateRealm({ users: 10, channels: 3, messages: 50, seed: 3 });
    const file = realmFile('changed.json', JSON.stringify(realm));
    writePreparedForm(file, CODE);
    realm.messages[0]!.content = 'changed after the form was written';
    const changed = Buffer.from(JSON.stringify(realm));
    writeFileSync(file, changed);
    expect(readPreparedForm(file, changed, CODE)).toEqual({
      stale: `it was made from another version of ${file}`,
    });
    expect(readPreparedForm(file, readFileSync(`${file}.prepared`), CODE)).toMatchObject({
      stale: /another/,
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // serve's path: no recorded realm, and a note naming the form and why it was not taken.
      expect(preparedFormFile(file, changed)).toBeUndefined();
      expect(error).toHaveBeenCalledWith(expect.stringContaining(`not using ${preparedFormPath(file)}`));
    } finally {
      error.mockRestore();
    }
    // Written again, it holds the changed content.
    writePreparedForm(file, CODE);
    const app = fromForm(file, changed);
    expect(app.store.state.messages.get(realm.messages[0]!.id)?.content).toBe(
      'changed after the form was written',
    );
    expect(readPreparedForm(file, changed, 'another code')).toEqual({
      stale: 'it was made by another version of svc-mock',
    });
  });

  it('is refused when damaged, and is not there for a file without one', () => {
    const bytes = Buffer.from(
      JSON.stringify(generateRealm({ users: 5, channels: 2, messages: 20, seed: 1 })),
    );
    const file = realmFile('damaged.json', bytes);
    expect(readPreparedForm(file, bytes, CODE)).toBeUndefined();
    const size = writePreparedForm(file, CODE);
    truncateSync(preparedFormPath(file), size - 100);
    expect(readPreparedForm(file, bytes, CODE)).toMatchObject({ stale: expect.stringContaining('damaged') });
    writeFileSync(preparedFormPath(file), 'not a prepared form');
    expect(readPreparedForm(file, bytes, CODE)).toEqual({
      stale: 'it is not a prepared form this version reads',
    });
  });
});
