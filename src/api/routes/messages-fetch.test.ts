import { expect, it } from 'vitest';
import { sendMessage } from '../../store/messages/send.js';
import { FLAG_BITS } from '../../store/state.js';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { expectError, fingerprint, ids, ownIds, userId } from './messages-test-helpers.js';

const N = 10_000_000_000_000_000;
const CORE_TEAM = 2;
const DENMARK = 3;
const ROME = 4;

describeTransports('GET /messages: anchors and ranges', (t) => {
  const get = (params: Record<string, unknown>, email = MEMBER) => t().as(email).get('messages', params);

  it('returns the newest messages of the user history with anchor=newest', async () => {
    const res = await get({ anchor: 'newest', num_before: 5, num_after: 0 });
    expect(ids(res)).toEqual(ownIds(t().app, MEMBER).slice(-5));
    expect(res.body).toMatchObject({
      anchor: N,
      found_anchor: false,
      found_newest: true,
      found_oldest: false,
      history_limited: false,
    });
  });

  it('returns everything with found_oldest when num_before exceeds the history', async () => {
    const all = ownIds(t().app, MEMBER);
    const res = await get({ anchor: 'newest', num_before: all.length + 10, num_after: 0 });
    expect(ids(res)).toEqual(all);
    expect(res.body.found_oldest).toBe(true);
  });

  it('returns the oldest messages with anchor=oldest', async () => {
    const res = await get({ anchor: 'oldest', num_before: 0, num_after: 3 });
    expect(ids(res)).toEqual(ownIds(t().app, MEMBER).slice(0, 3));
    expect(res.body).toMatchObject({
      anchor: 0,
      found_oldest: true,
      found_newest: false,
      found_anchor: false,
    });
  });

  it('returns messages on both sides of an integer anchor', async () => {
    const all = ownIds(t().app, MEMBER);
    const anchor = all[10]!;
    const res = await get({ anchor: String(anchor), num_before: 2, num_after: 2 });
    expect(ids(res)).toEqual(all.slice(8, 13));
    expect(res.body).toMatchObject({ anchor, found_anchor: true, found_oldest: false, found_newest: false });
  });

  it('excludes the anchor with include_anchor=false', async () => {
    const all = ownIds(t().app, MEMBER);
    const anchor = all[10]!;
    const res = await get({ anchor, num_before: 3, num_after: 0, include_anchor: false });
    expect(ids(res)).toEqual(all.slice(7, 10));
    expect(res.body.found_anchor).toBe(false);
  });

  it('handles an anchor past the newest message', async () => {
    const all = ownIds(t().app, MEMBER);
    const past = all[all.length - 1]! + 1000;
    const res = await get({ anchor: past, num_before: 3, num_after: 3 });
    expect(ids(res)).toEqual(all.slice(-3));
    expect(res.body).toMatchObject({
      anchor: past,
      found_anchor: false,
      found_newest: true,
      found_oldest: false,
    });
    const huge = await get({ anchor: '99999999999999999999', num_before: 1, num_after: 1 });
    expect(huge.body).toMatchObject({ anchor: N, found_newest: true });
    expect(ids(huge)).toEqual(all.slice(-1));
  });

  it('clamps negative anchors to 0', async () => {
    const res = await get({ anchor: -5, num_before: 2, num_after: 1 });
    expect(res.body).toMatchObject({ anchor: 0, found_oldest: true });
    expect(ids(res)).toEqual(ownIds(t().app, MEMBER).slice(0, 1));
  });

  it('answers an empty narrow with no messages and both ends found', async () => {
    const narrow = [{ operator: 'topic', operand: 'no such topic anywhere' }];
    const res = await get({ anchor: 'newest', num_before: 10, num_after: 0, narrow });
    expect(res.body).toMatchObject({
      messages: [],
      found_oldest: true,
      found_newest: true,
      found_anchor: false,
    });
    const mid = await get({ anchor: 50, num_before: 10, num_after: 10, narrow });
    expect(mid.body).toMatchObject({ messages: [], found_oldest: true, found_newest: true });
  });

  it('resolves first_unread to the newest sentinel when nothing is unread', async () => {
    const { app } = t();
    for (const bits of app.store.state.index.flags.get(userId(app, ADMIN))!.entries())
      app.store.state.index.flags.get(userId(app, ADMIN))!.set(bits[0], bits[1] | FLAG_BITS.read);
    const res = await get({ anchor: 'first_unread', num_before: 2, num_after: 2 }, ADMIN);
    expect(res.body).toMatchObject({ anchor: N, found_newest: true, found_anchor: false });
    expect(ids(res)).toEqual(ownIds(app, ADMIN).slice(-2));
  });

  it('resolves first_unread (and use_first_unread_anchor) to the oldest unread message', async () => {
    const { app } = t();
    const unread = ownIds(
      app,
      MEMBER,
      (m) => (app.store.state.index.flags.get(userId(app, MEMBER))!.get(m.id)! & 1) === 0,
    );
    expect(unread.length).toBeGreaterThan(0);
    const res = await get({ anchor: 'first_unread', num_before: 0, num_after: 1 });
    expect(res.body).toMatchObject({ anchor: unread[0], found_anchor: true });
    const legacy = await get({ use_first_unread_anchor: true, num_before: 0, num_after: 1 });
    expect(legacy.body.anchor).toBe(unread[0]);
  });

  it('skips muted topics when resolving first_unread', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    const other = app.store.state.users.get(userId(app, MEMBER2))!;
    const a = sendMessage(app.store, other, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'muted one',
      content: 'x',
      client: 'website',
    });
    const b = sendMessage(app.store, other, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'open one',
      content: 'y',
      client: 'website',
    });
    const rows = app.store.state.index.flags.get(hamlet.user_id)!;
    for (const [id, bits] of rows) if (id !== a.id && id !== b.id) rows.set(id, bits | FLAG_BITS.read);
    app.store.state.userTopics.set(`${hamlet.user_id}\u0000${DENMARK}\u0000muted one`, {
      user_id: hamlet.user_id,
      stream_id: DENMARK,
      topic_name: 'muted one',
      visibility_policy: 1,
      last_updated: 0,
    });
    const res = await get({ anchor: 'first_unread', num_before: 0, num_after: 0 });
    expect(res.body.anchor).toBe(b.id);
  });

  it('fetches given message_ids that exist and are visible, filtered by the narrow', async () => {
    const { app } = t();
    const own = ownIds(app, MEMBER2);
    const coreTeam = app.store.state.index.byChannel.get(CORE_TEAM)![0]!;
    const res = await get({ message_ids: [own[1], own[0], 999999, coreTeam] }, MEMBER2);
    expect(ids(res)).toEqual([own[0], own[1]]);
    expect(res.body.anchor).toBeUndefined();
    const narrowed = await get(
      { message_ids: own.slice(0, 20), narrow: [{ operator: 'is', operand: 'dm' }] },
      MEMBER2,
    );
    expect(ids(narrowed)).toEqual(
      own.slice(0, 20).filter((id) => app.store.state.messages.get(id)!.type === 'private'),
    );
  });

  it.each([
    [{ num_before: 3000, num_after: 2001 }, 'BAD_REQUEST', 'Too many messages requested (maximum 5000).'],
    [{ anchor: undefined }, 'BAD_REQUEST', "Missing 'anchor' argument."],
    [{ anchor: 'middle' }, 'BAD_REQUEST', 'Invalid anchor'],
    [{ num_before: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'num_before' argument"],
    [{ num_after: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'num_after' argument"],
    [{ num_before: -1 }, 'REQUEST_VARIABLE_INVALID', "Bad value for 'num_before': -1"],
    [{ num_after: 'x' }, 'BAD_REQUEST', 'Argument "num_after" is not valid JSON.'],
    [{ include_anchor: false }, 'BAD_REQUEST', 'The anchor can only be excluded at an end of the range'],
    [
      { message_ids: [1] },
      'BAD_REQUEST',
      'Unsupported parameter combination: message_ids, anchor, num_before, num_after',
    ],
    [
      { use_first_unread_anchor: true },
      'BAD_REQUEST',
      'Unsupported parameter combination: anchor, use_first_unread_anchor',
    ],
    [{ apply_markdown: 'yes' }, 'BAD_REQUEST', 'Argument "apply_markdown" is not valid JSON.'],
  ])('refuses %j', async (override, code, msg) => {
    const before = fingerprint(t().app);
    expectError(await get({ anchor: '10', num_before: 1, num_after: 1, ...override }), code, msg);
    expect(fingerprint(t().app)).toBe(before);
  });

  it('gives raw Markdown with apply_markdown=false and the empty topic per allow_empty_topic_name', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    const m = sendMessage(app.store, hamlet, {
      type: 'stream',
      streamId: DENMARK,
      topic: '',
      content: '**x**',
      client: 'website',
    });
    const raw = await get({ anchor: m.id, num_before: 0, num_after: 0, apply_markdown: false });
    expect(raw.body.messages[0]).toMatchObject({
      content: '**x**',
      content_type: 'text/x-markdown',
      subject: 'general chat',
    });
    const html = await get({ anchor: m.id, num_before: 0, num_after: 0, allow_empty_topic_name: true });
    expect(html.body.messages[0]).toMatchObject({
      content: '<p><strong>x</strong></p>',
      content_type: 'text/html',
      subject: '',
    });
  });

  it('honours client_extavatar for senders whose e-mail the viewer may see', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    const m = sendMessage(app.store, hamlet, {
      type: 'stream',
      streamId: DENMARK,
      topic: 't',
      content: 'x',
      client: 'website',
    });
    const own = await get({ anchor: m.id, num_before: 0, num_after: 0 });
    expect(own.body.messages[0].avatar_url).toBeNull();
    const full = await get({ anchor: m.id, num_before: 0, num_after: 0, client_extavatar: false });
    expect(full.body.messages[0].avatar_url).toMatch(/^https:/);
  });
});

describeTransports('GET /messages/{message_id}', (t) => {
  it('returns the message with flags and raw_content', async () => {
    const { app } = t();
    const id = ownIds(app, MEMBER)[0]!;
    const res = await t().as(MEMBER).get(`messages/${id}`);
    expect(res.body.raw_content).toBe(app.store.state.messages.get(id)!.content);
    expect(res.body.message).toMatchObject({ id, flags: expect.any(Array) });
  });

  it('gives raw Markdown with apply_markdown=false and the empty topic with allow_empty_topic_name', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    const m = sendMessage(app.store, hamlet, {
      type: 'stream',
      streamId: DENMARK,
      topic: '',
      content: '*x*',
      client: 'website',
    });
    const raw = await t().as(MEMBER).get(`messages/${m.id}`, { apply_markdown: false });
    expect(raw.body.message).toMatchObject({
      content: '*x*',
      content_type: 'text/x-markdown',
      subject: 'general chat',
    });
    const html = await t().as(MEMBER).get(`messages/${m.id}`, { allow_empty_topic_name: true });
    expect(html.body.message).toMatchObject({ content: '<p><em>x</em></p>', subject: '' });
  });

  it('returns public channel history to a non-subscriber as historical', async () => {
    const { app } = t();
    const id = app.store.state.index.byChannel.get(ROME)![0]!;
    const res = await t().as(MEMBER2).get(`messages/${id}`);
    expect(res.body.message.flags).toEqual(['read', 'historical']);
  });

  it('refuses unknown messages', async () => {
    expectError(await t().as(MEMBER).get('messages/999999'), 'BAD_REQUEST', 'Invalid message(s)');
  });
});

describeTransports('GET /messages/matches_narrow', (t) => {
  it('returns only the given messages that match, highlighted for searches', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    const a = sendMessage(app.store, hamlet, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'walrus <3',
      content: 'walrus time',
      client: 'website',
    });
    const b = sendMessage(app.store, hamlet, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'x',
      content: 'nothing',
      client: 'website',
    });
    const res = await t()
      .as(MEMBER)
      .get('messages/matches_narrow', {
        msg_ids: [a.id, b.id],
        narrow: [{ operator: 'search', operand: 'walrus' }],
      });
    expect(res.body.messages).toEqual({
      [a.id]: {
        match_content: '<p><span class="highlight">walrus</span> time</p>',
        match_subject: '<span class="highlight">walrus</span> &lt;3',
      },
    });
    const plain = await t()
      .as(MEMBER)
      .get('messages/matches_narrow', {
        msg_ids: [a.id, b.id],
        narrow: [{ operator: 'topic', operand: 'x' }],
      });
    expect(plain.body.messages).toEqual({ [b.id]: { match_content: '<p>nothing</p>', match_subject: 'x' } });
  });

  it('matches only messages in the user history, even with a channel narrow on unsubscribed public history', async () => {
    const { app } = t();
    const rome = app.store.state.index.byChannel.get(ROME)!;
    expect(app.store.state.subscribers.get(ROME)!.has(userId(app, MEMBER2))).toBe(false);
    const res = await t()
      .as(MEMBER2)
      .get('messages/matches_narrow', {
        msg_ids: [rome[0]],
        narrow: [{ operator: 'channel', operand: ROME }],
      });
    expect(res.body.messages).toEqual({});
    const subscriber = await t()
      .as(MEMBER)
      .get('messages/matches_narrow', {
        msg_ids: [rome[0]],
        narrow: [{ operator: 'channel', operand: ROME }],
      });
    expect(Object.keys(subscriber.body.messages)).toEqual([String(rome[0])]);
  });

  it('requires msg_ids and narrow', async () => {
    expectError(
      await t().as(MEMBER).get('messages/matches_narrow', { narrow: [] }),
      'REQUEST_VARIABLE_MISSING',
      "Missing 'msg_ids' argument",
    );
    expectError(
      await t()
        .as(MEMBER)
        .get('messages/matches_narrow', { msg_ids: [1] }),
      'REQUEST_VARIABLE_MISSING',
      "Missing 'narrow' argument",
    );
  });
});
