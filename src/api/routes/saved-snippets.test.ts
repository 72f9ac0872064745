import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { describeTransports, TEST_START_MS } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

describeTransports('saved snippets', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const snippets = () => JSON.stringify([...t().app.store.state.savedSnippets.values()]);

  it('lists only the caller’s snippets', async () => {
    expect(
      (await t().as(MEMBER).get('saved_snippets')).body.saved_snippets.map((s: { id: number }) => s.id),
    ).toEqual([1, 2]);
    expect((await t().as(ADMIN).get('saved_snippets')).body.saved_snippets).toEqual([]);
  });

  it('creates a snippet with trimmed title and content and emits saved_snippets/add', async () => {
    const res = await t().as(ADMIN).post('saved_snippets', { title: '  Hi ', content: ' **there** ' });
    const id = res.body.saved_snippet_id;
    const snippet = { id, title: 'Hi', content: '**there**', date_created: TEST_START_MS / 1000 };
    expect((await t().as(ADMIN).get('saved_snippets')).body.saved_snippets).toEqual([snippet]);
    expect(events('saved_snippets')).toEqual([
      { users: [idOf(ADMIN)], type: 'saved_snippets', op: 'add', saved_snippet: snippet },
    ]);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['a missing title', { content: 'x' }, "Missing 'title' argument"],
    ['a missing content', { title: 'x' }, "Missing 'content' argument"],
    ['an empty title', { title: '', content: 'x' }, 'title cannot be blank'],
    ['a blank content', { title: 'x', content: '   ' }, 'content cannot be blank'],
    [
      'a title over 60 characters',
      { title: 'x'.repeat(61), content: 'x' },
      'title is too long (limit: 60 characters)',
    ],
    [
      'a content over 10000 characters',
      { title: 'x', content: ` ${'y'.repeat(10001)} ` },
      'content is too long (limit: 10000 characters)',
    ],
  ];
  for (const [what, params, msg] of bad) {
    it(`refuses ${what}`, async () => {
      const before = snippets();
      const res = await t().as(ADMIN).post('saved_snippets', params);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
      expect(res.body.code).toMatch(/^(BAD_REQUEST|REQUEST_VARIABLE_MISSING)$/);
      expect(snippets()).toBe(before);
      expect(events('saved_snippets')).toEqual([]);
    });
  }

  it('measures title and content after trimming, on creation and on edit', async () => {
    const title = 'x'.repeat(60);
    const res = await t()
      .as(ADMIN)
      .post('saved_snippets', { title: `  ${title}\n`, content: ' c ' });
    expect(res.status).toBe(200);
    expect(t().app.store.state.savedSnippets.get(res.body.saved_snippet_id)).toMatchObject({
      title,
      content: 'c',
    });
    const edit = await t()
      .as(MEMBER)
      .patch('saved_snippets/1', { title: ` ${'z'.repeat(60)} ` });
    expect(edit.status).toBe(200);
    expect(t().app.store.state.savedSnippets.get(1)!.title).toBe('z'.repeat(60));
    const before = snippets();
    const tooLong = await t()
      .as(MEMBER)
      .patch('saved_snippets/1', { title: 'z'.repeat(61) });
    expect(tooLong.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'title is too long (limit: 60 characters)',
    });
    expect(snippets()).toBe(before);
  });

  it('edits title and content and emits saved_snippets/update', async () => {
    await t().as(MEMBER).patch('saved_snippets/1', { title: 'Hello' });
    await t().as(MEMBER).patch('saved_snippets/1', { content: 'Hi all' });
    expect(t().app.store.state.savedSnippets.get(1)).toMatchObject({ title: 'Hello', content: 'Hi all' });
    const updates = events('saved_snippets');
    expect(updates).toHaveLength(2);
    expect(updates[1]).toMatchObject({
      op: 'update',
      saved_snippet: { id: 1, title: 'Hello', content: 'Hi all' },
    });
  });

  it('accepts an edit without changes and emits nothing', async () => {
    expect((await t().as(MEMBER).patch('saved_snippets/1', {})).status).toBe(200);
    expect(events('saved_snippets')).toEqual([]);
  });

  it('answers 404 for an unknown or foreign snippet on edit and delete', async () => {
    const before = snippets();
    for (const res of [
      await t().as(ADMIN).patch('saved_snippets/1', { title: 'x' }),
      await t().as(MEMBER).patch('saved_snippets/99', { content: 'x' }),
      await t().as(ADMIN).delete('saved_snippets/1'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Saved snippet does not exist.' });
    }
    expect(snippets()).toBe(before);
  });

  it('deletes a snippet and emits saved_snippets/remove', async () => {
    expect((await t().as(MEMBER).delete('saved_snippets/2')).status).toBe(200);
    expect(t().app.store.state.savedSnippets.has(2)).toBe(false);
    expect(events('saved_snippets')).toEqual([
      { users: [idOf(MEMBER)], type: 'saved_snippets', op: 'remove', saved_snippet_id: 2 },
    ]);
  });
});
