import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

describeTransports('alert words', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const words = () => JSON.stringify([...t().app.store.state.alertWords]);
  const send = async (content: string, from = MEMBER2) =>
    (await t().as(from).post('messages', { type: 'stream', to: 'Verona', topic: 'alerts', content })).body
      .id as number;
  const flagsOf = async (id: number, email = MEMBER) =>
    (await t().as(email).get(`messages/${id}`)).body.message.flags as string[];

  it('starts empty, adds words keeping their case and answers the whole list', async () => {
    expect((await t().as(MEMBER).get('users/me/alert_words')).body.alert_words).toEqual([]);
    const res = await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['Castle', ' moat ', '', '   '] });
    expect(res.body.alert_words).toEqual(['Castle', 'moat']);
    expect((await t().as(MEMBER).get('users/me/alert_words')).body.alert_words).toEqual(['Castle', 'moat']);
    expect((await t().as(ADMIN).get('users/me/alert_words')).body.alert_words).toEqual([]);
    expect(events('alert_words')).toEqual([
      { users: [idOf(MEMBER)], type: 'alert_words', alert_words: ['Castle', 'moat'] },
    ]);
  });

  it('skips words already present in another case, keeping the last of new duplicates', async () => {
    await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['castle'] });
    const res = await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['CASTLE', 'Moat', 'MOAT'] });
    expect(res.body.alert_words).toEqual(['castle', 'MOAT']);
    // An add that changes nothing still tells the user's clients.
    await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['Castle'] });
    expect(events('alert_words').map((e) => e.alert_words)).toEqual([
      ['castle'],
      ['castle', 'MOAT'],
      ['castle', 'MOAT'],
    ]);
  });

  it('removes words case-insensitively and ignores unknown ones', async () => {
    await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['castle', 'moat', 'tower'] });
    const res = await t()
      .as(MEMBER)
      .delete('users/me/alert_words', { alert_words: ['MOAT', 'dragon'] });
    expect(res.body.alert_words).toEqual(['castle', 'tower']);
    expect(events('alert_words').at(-1)!.alert_words).toEqual(['castle', 'tower']);
  });

  it('refuses a word over 100 characters, naming its index, and changes nothing', async () => {
    const before = words();
    const res = await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['ok', 'x'.repeat(101)] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'alert_words[1] is too long (limit: 100 characters)',
    });
    expect(words()).toBe(before);
    expect(events('alert_words')).toEqual([]);
    // 100 characters of which some are surrounding spaces are fine (the limit counts before stripping).
    const ok = await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: [` ${'y'.repeat(98)} `] });
    expect(ok.body.alert_words).toEqual(['y'.repeat(98)]);
  });

  it('requires alert_words as a JSON list', async () => {
    const missing = await t().as(MEMBER).post('users/me/alert_words', {});
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING' });
    const notJson = await t().as(MEMBER).delete('users/me/alert_words', { alert_words: 'castle' });
    expect(notJson.status).toBe(400);
    expect(words()).toBe('[]');
  });

  it('flags new messages that contain a word at word boundaries, for that user only', async () => {
    await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['castle', 'big moat'] });
    const hit = await send('The CASTLE is near.');
    const phrase = await send('see the (big moat)');
    const inside = await send('sandcastles everywhere');
    expect(await flagsOf(hit)).toContain('has_alert_word');
    expect(await flagsOf(phrase)).toContain('has_alert_word');
    expect(await flagsOf(inside)).not.toContain('has_alert_word');
    expect(await flagsOf(hit, ADMIN)).not.toContain('has_alert_word');
  });

  it('finds alerted messages with is:alerted and updates the flag on a content edit', async () => {
    await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['castle'] });
    const id = await send('nothing here');
    const alerted = async () =>
      (
        await t()
          .as(MEMBER)
          .get('messages', {
            anchor: 'newest',
            num_before: 10,
            num_after: 0,
            narrow: [{ operator: 'is', operand: 'alerted' }],
          })
      ).body.messages.map((m: { id: number }) => m.id);
    expect(await alerted()).toEqual([]);
    await t().as(MEMBER2).patch(`messages/${id}`, { content: 'a castle!' });
    expect(await alerted()).toEqual([id]);
    const update = t()
      .app.store.journal.filter((e) => typeof e.event === 'function')
      .map((e) => (e.event as (u: number) => Ev | undefined)(idOf(MEMBER)))
      .find((e) => e?.type === 'update_message');
    expect(update!.flags).toContain('has_alert_word');
    await t().as(MEMBER2).patch(`messages/${id}`, { content: 'gone' });
    expect(await alerted()).toEqual([]);
  });

  it('gives the snapshot section alert_words', async () => {
    await t()
      .as(MEMBER)
      .post('users/me/alert_words', { alert_words: ['castle'] });
    const res = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['alert_words'], event_types: ['message'] });
    expect(res.body.alert_words).toEqual(['castle']);
    const other = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['message'] });
    expect(other.body).not.toHaveProperty('alert_words');
  });
});
