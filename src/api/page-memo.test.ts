// GET /messages answers kept for a repeated query (memoPage): the next request after any change sees it.
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import { JsonText } from './json-text.js';
import { keptPageBytes, MAX_KEPT_BYTES, memoPage } from './page-memo.js';
import { MEMBER, MEMBER2 } from '../testing/accounts.js';
import { describeTransports } from '../testing/transports.js';

interface Page {
  messages: Array<{ id: number; content: string; flags: string[]; match_content?: string }>;
}

describeTransports('kept GET /messages answers follow every change', (t) => {
  const query = {
    anchor: 'newest',
    num_before: 5,
    num_after: 0,
    narrow: JSON.stringify([{ operator: 'channel', operand: 'Denmark' }]),
  };
  const page = async (email = MEMBER, params: Record<string, unknown> = query): Promise<Page> =>
    (await t().as(email).get('messages', params)).body as unknown as Page;
  const send = async (content: string): Promise<number> =>
    (await t().as(MEMBER).post('messages', { type: 'stream', to: 'Denmark', topic: 'memo', content })).body
      .id as number;

  it('shows a message sent after the same page was fetched twice', async () => {
    await page();
    const before = await page();
    const id = await send('fresh');
    const after = await page();
    expect(after.messages.at(-1)!.id).toBe(id);
    expect(after.messages.at(-2)!.id).toBe(before.messages.at(-1)!.id);
  });

  it('shows an edit and a changed flag of a message on the kept page', async () => {
    const id = await send('before the edit');
    await page();
    await page();
    expect((await t().as(MEMBER).patch(`messages/${id}`, { content: 'after the edit' })).status).toBe(200);
    expect((await page()).messages.at(-1)!.content).toContain('after the edit');
    const flags = { messages: JSON.stringify([id]), op: 'add', flag: 'starred' };
    expect((await t().as(MEMBER).post('messages/flags', flags)).status).toBe(200);
    expect((await page()).messages.at(-1)!.flags).toContain('starred');
  });

  it('answers each viewer of the same query with their own flags', async () => {
    const id = await send('flags differ');
    const flags = { messages: JSON.stringify([id]), op: 'add', flag: 'starred' };
    expect((await t().as(MEMBER).post('messages/flags', flags)).status).toBe(200);
    await page(MEMBER);
    await page(MEMBER2);
    const mine = await page(MEMBER);
    const other = await page(MEMBER2);
    expect(mine.messages.at(-1)!.id).toBe(id);
    expect(other.messages.at(-1)!.id).toBe(id);
    expect(mine.messages.at(-1)!.flags).toContain('starred');
    expect(other.messages.at(-1)!.flags).not.toContain('starred');
  });

  it('highlights the edited text of a search page', async () => {
    const id = await send('a memorable word');
    const search = {
      ...query,
      narrow: JSON.stringify([
        { operator: 'channel', operand: 'Denmark' },
        { operator: 'search', operand: 'memorable' },
      ]),
    };
    await page(MEMBER, search);
    expect((await page(MEMBER, search)).messages.at(-1)!.match_content).toContain('memorable');
    await t().as(MEMBER).patch(`messages/${id}`, { content: 'a memorable new word' });
    expect((await page(MEMBER, search)).messages.at(-1)!.match_content).toContain('new word');
  });
});

describe('memoPage', () => {
  const store = { changes: 0 } as Store;
  const viewer = { user_id: 1 } as UserRecord;
  const megabyte = (): JsonText => new JsonText(`"${'x'.repeat(2 ** 20 - 2)}"`);

  it('keeps answers up to its byte bound, forgetting the oldest queries first', () => {
    const queries = Array.from({ length: 40 }, (_, i) => Object.freeze({ page: i }));
    let builds = 0;
    const build = (): JsonText => (builds++, megabyte());
    // Each query twice: an answer is kept from the second fetch on.
    for (const params of queries) memoPage(store, viewer, params, build);
    for (const params of queries) memoPage(store, viewer, params, build);
    expect(builds).toBe(80);
    expect(keptPageBytes()).toBeLessThanOrEqual(MAX_KEPT_BYTES);
    memoPage(store, viewer, queries[39]!, build);
    expect(builds).toBe(80);
    memoPage(store, viewer, queries[0]!, build);
    expect(builds).toBe(81);
  });

  it("keeps a query's answer once it is asked again soon, not when it comes back after many others", () => {
    let builds = 0;
    const params = Object.freeze({ page: 'twice' });
    const build = (): number => ++builds;
    expect(memoPage(store, viewer, params, build)).toBe(1);
    expect(memoPage(store, viewer, params, build)).toBe(2);
    expect(memoPage(store, viewer, params, build)).toBe(2);
    expect(memoPage(store, { user_id: 2 } as UserRecord, params, build)).toBe(3);
    expect(memoPage(store, { user_id: 2 } as UserRecord, params, build)).toBe(3);
    // A rotation of more queries than the recent ones: each is built every time, none is kept.
    const rotation = Array.from({ length: 100 }, (_, i) => Object.freeze({ page: `rotation ${i}` }));
    const before = keptPageBytes();
    let rotationBuilds = 0;
    const megabyteBuild = (): JsonText => (rotationBuilds++, megabyte());
    for (let round = 0; round < 3; round++)
      for (const q of rotation) memoPage(store, viewer, q, megabyteBuild);
    expect(rotationBuilds).toBe(300);
    expect(keptPageBytes()).toBe(before);
  });

  it('builds every time for parameters decoded for one request', () => {
    let builds = 0;
    const params = { page: 'one' };
    memoPage(store, viewer, params, () => ++builds);
    memoPage(store, viewer, params, () => ++builds);
    expect(builds).toBe(2);
  });
});
