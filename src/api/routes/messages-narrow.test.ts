import { expect, it } from 'vitest';
import type { App } from '../app.js';
import { canReadMessage } from '../../store/access.js';
import { sendMessage } from '../../store/messages/send.js';
import { isTopicMuted } from '../../store/messages/user-topics.js';
import type { MessageRecord } from '../../store/state.js';
import { apiEmail } from '../../store/users.js';
import { ADMIN, GUEST, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { expectError, fingerprint, ids, ownIds, userId } from './messages-test-helpers.js';

const VERONA = 1;
const CORE_TEAM = 2;
const DENMARK = 3;
const ROME = 4;

describeTransports('GET /messages: narrows', (t) => {
  const fetchAll = (narrow: unknown, email = MEMBER) =>
    t().as(email).get('messages', { anchor: 'newest', num_before: 5000, num_after: 0, narrow });

  it('filters by channel and topic (case-insensitive) using the full channel history', async () => {
    const { app } = t();
    const res = await fetchAll([
      { operator: 'channel', operand: 'Denmark' },
      { operator: 'topic', operand: 'HERRING RECIPES' },
    ]);
    const expected = app.store.state.index.byChannel
      .get(DENMARK)!
      .filter((id) => app.store.state.messages.get(id)!.topic.toLowerCase() === 'herring recipes');
    expect(ids(res)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('shows unsubscribed public history with read+historical flags only for a channel narrow', async () => {
    const { app } = t();
    const rome = app.store.state.index.byChannel.get(ROME)!;
    expect(app.store.state.subscribers.get(ROME)!.has(userId(app, MEMBER2))).toBe(false);
    const res = await fetchAll([{ operator: 'stream', operand: ROME }], MEMBER2);
    expect(ids(res)).toEqual(rome);
    for (const m of res.body.messages) expect(m.flags).toEqual(['read', 'historical']);
    const bare = await fetchAll([], MEMBER2);
    expect(ids(bare).some((id) => rome.includes(id))).toBe(false);
    const isTerm = await fetchAll(
      [
        { operator: 'channel', operand: 'Rome' },
        { operator: 'is', operand: 'starred' },
      ],
      MEMBER2,
    );
    expect(ids(isTerm)).toEqual([]);
  });

  it('reaches every public channel with channels:public', async () => {
    const { app } = t();
    const res = await fetchAll([{ operator: 'channels', operand: 'public' }], MEMBER2);
    const viewer = app.store.state.users.get(userId(app, MEMBER2))!;
    const expected = [...app.store.state.messages.values()]
      .filter(
        (m) =>
          m.stream_id !== null &&
          !app.store.state.channels.get(m.stream_id)!.invite_only &&
          canReadMessage(app.store.state, viewer, m),
      )
      .map((m) => m.id)
      .sort((a, b) => a - b);
    expect(ids(res)).toEqual(expected);
  });

  it.each([
    ['channel', [{ operator: 'channel', operand: 'core team' }]],
    ['stream id', [{ operator: 'stream', operand: CORE_TEAM }]],
    ['channels:public', [{ operator: 'channels', operand: 'public' }]],
    ['search', [{ operator: 'search', operand: 'hiring' }]],
    ['topic', [{ operator: 'topic', operand: 'hiring' }]],
    ['no narrow', []],
  ])('never shows a private channel to a non-member through %s', async (_, narrow) => {
    const { app } = t();
    const core = new Set(app.store.state.index.byChannel.get(CORE_TEAM)!);
    for (const email of [MEMBER2, GUEST]) {
      const res = await fetchAll(narrow, email);
      expect(ids(res).filter((id) => core.has(id))).toEqual([]);
    }
  });

  it('never shows a private channel message by id, with, message_ids, GET /messages/{id} or matches_narrow', async () => {
    const { app } = t();
    const id = app.store.state.index.byChannel.get(CORE_TEAM)![0]!;
    for (const email of [MEMBER2, GUEST]) {
      expect(ids(await fetchAll([{ operator: 'id', operand: id }], email))).toEqual([]);
      expect(ids(await fetchAll([{ operator: 'with', operand: id }], email))).toEqual([]);
      const byIds = await t()
        .as(email)
        .get('messages', { message_ids: [id] });
      expect(ids(byIds)).toEqual([]);
      expectError(await t().as(email).get(`messages/${id}`), 'BAD_REQUEST', 'Invalid message(s)');
      const matches = await t()
        .as(email)
        .get('messages/matches_narrow', { msg_ids: [id], narrow: [] });
      expect(matches.body.messages).toEqual({});
    }
    expect(ids(await fetchAll([{ operator: 'id', operand: id }], MEMBER))).toEqual([id]);
  });

  it('never shows a guest unsubscribed public channels', async () => {
    const { app } = t();
    const denmark = new Set(app.store.state.index.byChannel.get(DENMARK)!);
    for (const narrow of [
      [{ operator: 'channel', operand: 'Denmark' }],
      [{ operator: 'channels', operand: 'public' }],
    ]) {
      const res = await fetchAll(narrow, GUEST);
      expect(ids(res).filter((id) => denmark.has(id))).toEqual([]);
    }
    const rome = await fetchAll([{ operator: 'channel', operand: 'Rome' }], GUEST);
    expect(ids(rome)).toEqual(app.store.state.index.byChannel.get(ROME));
  });

  it.each([
    [
      'sender',
      (a: App) => [{ operator: 'sender', operand: userId(a, MEMBER2) }],
      (a: App) => (m: MessageRecord) => m.sender_id === userId(a, MEMBER2),
    ],
    [
      // Othello's delivery address is hidden from members: the address a member sees is his display address.
      'sender by the e-mail the viewer sees',
      (a: App) => [['sender', apiEmail(a.store.state, a.store.state.usersByEmail.get(MEMBER2)!)]],
      (a: App) => (m: MessageRecord) => m.sender_id === userId(a, MEMBER2),
    ],
    ['is:dm', () => [{ operator: 'is', operand: 'dm' }], () => (m: MessageRecord) => m.type === 'private'],
    ['is:private (legacy pair)', () => [['is', 'private']], () => (m: MessageRecord) => m.type === 'private'],
    [
      'negated is:dm',
      () => [{ operator: 'is', operand: 'dm', negated: true }],
      () => (m: MessageRecord) => m.type === 'stream',
    ],
    [
      'dm',
      (a: App) => [{ operator: 'dm', operand: [userId(a, ADMIN)] }],
      (a: App) => (m: MessageRecord) =>
        m.recipients.join(',') === [userId(a, MEMBER), userId(a, ADMIN)].sort((x, y) => x - y).join(','),
    ],
    [
      'pm-with e-mails',
      () => [['pm-with', ADMIN]],
      (a: App) => (m: MessageRecord) =>
        m.recipients.join(',') === [userId(a, MEMBER), userId(a, ADMIN)].sort((x, y) => x - y).join(','),
    ],
    [
      'dm-including',
      (a: App) => [{ operator: 'dm-including', operand: userId(a, MEMBER2) }],
      (a: App) => (m: MessageRecord) => m.type === 'private' && m.recipients.includes(userId(a, MEMBER2)),
    ],
    [
      'group-pm-with',
      (a: App) => [{ operator: 'group-pm-with', operand: userId(a, MEMBER2) }],
      (a: App) => (m: MessageRecord) => m.recipients.length > 2 && m.recipients.includes(userId(a, MEMBER2)),
    ],
    [
      'is:starred',
      () => [{ operator: 'is', operand: 'starred' }],
      (a: App) => (m: MessageRecord) =>
        (a.store.state.index.flags.get(userId(a, MEMBER))!.get(m.id)! & 2) !== 0,
    ],
    [
      'is:unread',
      () => [{ operator: 'is', operand: 'unread' }],
      (a: App) => (m: MessageRecord) =>
        (a.store.state.index.flags.get(userId(a, MEMBER))!.get(m.id)! & 1) === 0,
    ],
    [
      'is:resolved',
      () => [{ operator: 'is', operand: 'resolved' }],
      () => (m: MessageRecord) => m.topic.startsWith('✔ '),
    ],
    ['has:link', () => [{ operator: 'has', operand: 'link' }], () => (m: MessageRecord) => m.has_link],
    ['has:image', () => [{ operator: 'has', operand: 'image' }], () => (m: MessageRecord) => m.has_image],
    [
      'has:reaction',
      () => [{ operator: 'has', operand: 'reaction' }],
      () => (m: MessageRecord) => m.reactions.length > 0,
    ],
    [
      'topic (no channel)',
      () => [{ operator: 'topic', operand: 'castle' }],
      () => (m: MessageRecord) => m.stream_id !== null && m.topic.toLowerCase() === 'castle',
    ],
    [
      'negated channel',
      () => [{ operator: 'channel', operand: 'Verona', negated: true }],
      () => (m: MessageRecord) => m.stream_id !== VERONA,
    ],
    ['in:all', () => [{ operator: 'in', operand: 'all' }], () => () => true],
    [
      'in:home',
      () => [{ operator: 'in', operand: 'home' }],
      (a: App) => (m: MessageRecord) =>
        m.stream_id === null || !isTopicMuted(a.store.state, userId(a, MEMBER), m.stream_id, m.topic),
    ],
    ['near (no filter)', () => [{ operator: 'near', operand: '12' }], () => () => true],
  ])('filters by %s over the user history', async (_, narrow, pred) => {
    const { app } = t();
    const res = await fetchAll(narrow(app));
    const expected = ownIds(app, MEMBER, pred(app));
    expect(ids(res)).toEqual(expected);
  });

  it('fetches one message with id and its conversation with with', async () => {
    const { app } = t();
    const target = app.store.state.index.byTopic.get(`${DENMARK}\u0000herring recipes`)![2]!;
    expect(ids(await fetchAll([{ operator: 'id', operand: String(target) }]))).toEqual([target]);
    const withRes = await fetchAll([{ operator: 'with', operand: target }]);
    expect(ids(withRes)).toEqual(app.store.state.index.byTopic.get(`${DENMARK}\u0000herring recipes`));
  });

  it('matches is:mentioned for personal and wildcard mentions', async () => {
    const { app } = t();
    const other = app.store.state.users.get(userId(app, MEMBER2))!;
    const m1 = sendMessage(app.store, other, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'm',
      content: 'hi @**King Hamlet**',
      client: 'website',
    });
    const m2 = sendMessage(app.store, other, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'm',
      content: 'hi @**all**',
      client: 'website',
    });
    sendMessage(app.store, other, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'm',
      content: 'hi nobody',
      client: 'website',
    });
    const res = await fetchAll([
      { operator: 'is', operand: 'mentioned' },
      { operator: 'topic', operand: 'm' },
    ]);
    expect(ids(res)).toEqual([m1.id, m2.id]);
    expect(res.body.messages[0].flags).toContain('mentioned');
    expect(res.body.messages[1].flags).toEqual(
      expect.arrayContaining(['stream_wildcard_mentioned', 'wildcard_mentioned']),
    );
  });

  it('searches words case-insensitively in content and topic, quoted phrases as substrings, with highlighting', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    const a = sendMessage(app.store, hamlet, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'Zebra talk',
      content: 'The quick brown fox',
      client: 'website',
    });
    const b = sendMessage(app.store, hamlet, {
      type: 'stream',
      streamId: DENMARK,
      topic: 'other',
      content: 'quick zebras everywhere',
      client: 'website',
    });
    const res = await fetchAll([{ operator: 'search', operand: 'ZEBRA quick' }]);
    expect(ids(res)).toEqual([a.id, b.id]);
    expect(res.body.messages[0].match_subject).toBe('<span class="highlight">Zebra</span> talk');
    expect(res.body.messages[0].match_content).toBe(
      '<p>The <span class="highlight">quick</span> brown fox</p>',
    );
    const phrase = await fetchAll([{ operator: 'search', operand: '"brown fo"' }]);
    expect(ids(phrase)).toEqual([a.id]);
    expect(phrase.body.messages[0].match_content).toBe(
      '<p>The quick <span class="highlight">brown fo</span>x</p>',
    );
    const negated = await fetchAll([
      { operator: 'search', operand: 'zebra', negated: true },
      { operator: 'topic', operand: 'other' },
    ]);
    expect(ids(negated)).not.toContain(b.id);
    // The words register lists as stop_words are left out of a query ("what", "about", "were" are among them).
    const stopped = await fetchAll([{ operator: 'search', operand: 'what about the zebras were' }]);
    expect(ids(stopped)).toEqual([a.id, b.id]);
  });

  it.each([
    [
      'unknown operator',
      [{ operator: 'colour', operand: 'red' }],
      'BAD_NARROW',
      'Invalid narrow operator: unknown operator colour',
    ],
    [
      'unknown channel',
      [{ operator: 'channel', operand: 'Atlantis' }],
      'BAD_NARROW',
      'Invalid narrow operator: unknown channel Atlantis',
    ],
    [
      'unknown sender',
      [{ operator: 'sender', operand: 'ghost@svc.test' }],
      'BAD_NARROW',
      'Invalid narrow operator: unknown user ghost@svc.test',
    ],
    [
      'unknown dm user',
      [{ operator: 'dm', operand: 'ghost@svc.test' }],
      'BAD_NARROW',
      'Invalid narrow operator: unknown user in ghost@svc.test',
    ],
    [
      'unknown is',
      [{ operator: 'is', operand: 'shiny' }],
      'BAD_NARROW',
      "Invalid narrow operator: unknown 'is' operand shiny",
    ],
    [
      'unknown has',
      [{ operator: 'has', operand: 'cats' }],
      'BAD_NARROW',
      "Invalid narrow operator: unknown 'has' operand cats",
    ],
    [
      'unknown in',
      [{ operator: 'in', operand: 'mars' }],
      'BAD_NARROW',
      "Invalid narrow operator: unknown 'in' operand mars",
    ],
    [
      'unknown channels',
      [{ operator: 'channels', operand: 'all' }],
      'BAD_NARROW',
      'Invalid narrow operator: unknown channels operand all',
    ],
    [
      'bad id',
      [{ operator: 'id', operand: 'abc' }],
      'BAD_NARROW',
      'Invalid narrow operator: Invalid message ID',
    ],
    [
      'channel and dm',
      [
        { operator: 'channel', operand: 'Denmark' },
        { operator: 'is', operand: 'dm' },
      ],
      'BAD_NARROW',
      'Invalid narrow operator: No message can be both a channel message and direct message',
    ],
    ['missing operand', [{ operator: 'is' }], 'BAD_REQUEST', 'operand key is missing from elem'],
    ['operand type', [{ operator: 'topic', operand: 5 }], 'BAD_REQUEST', 'elem["operand"] is not a string'],
    [
      'negated type',
      [{ operator: 'topic', operand: 'x', negated: 'yes' }],
      'BAD_REQUEST',
      'elem["negated"] is not a boolean',
    ],
    [
      'blank search',
      [{ operator: 'search', operand: ' ' }],
      'BAD_REQUEST',
      'elem["operand"] cannot be blank.',
    ],
    [
      'not a list',
      { operator: 'is', operand: 'dm' },
      'REQUEST_VARIABLE_INVALID',
      `Bad value for 'narrow': {"operator":"is","operand":"dm"}`,
    ],
    ['bad pair', [['is']], 'REQUEST_VARIABLE_INVALID', `Bad value for 'narrow': [["is"]]`],
    ['not JSON', 'is:dm', 'REQUEST_VARIABLE_INVALID', "Bad value for 'narrow': is:dm"],
  ])('refuses a narrow with %s', async (_, narrow, code, msg) => {
    const before = fingerprint(t().app);
    const res = await fetchAll(narrow);
    expectError(res, code, msg);
    expect(fingerprint(t().app)).toBe(before);
    if (code === 'BAD_NARROW') expect(res.body.desc).toBe(msg.replace('Invalid narrow operator: ', ''));
  });

  it('echoes a structurally bad narrow exactly as sent, spacing included, in GET, matches_narrow and flags/narrow', async () => {
    const raw = '{"operator": "is",  "operand": "dm"}';
    const msg = `Bad value for 'narrow': ${raw}`;
    const fetched = await fetchAll(raw);
    expectError(fetched, 'REQUEST_VARIABLE_INVALID', msg);
    expect(fetched.body.bad_value).toBe(raw);
    const matches = await t()
      .as(MEMBER)
      .get('messages/matches_narrow', { msg_ids: [1], narrow: raw });
    expectError(matches, 'REQUEST_VARIABLE_INVALID', msg);
    const before = fingerprint(t().app);
    const flagged = await t().as(MEMBER).post('messages/flags/narrow', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: raw,
      op: 'add',
      flag: 'read',
    });
    expectError(flagged, 'REQUEST_VARIABLE_INVALID', msg);
    expect(flagged.body.bad_value).toBe(raw);
    expect(fingerprint(t().app)).toBe(before);
  });
});
