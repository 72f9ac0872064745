// Cached message JSON (GET /messages): every change made through the API shows in the next fetch, and the
// spliced answer text is exactly what JSON.stringify of the objects gives.
import { describe, expect, it } from 'vitest';
import { formatMessageWithFlags } from '../store/messages/format.js';
import { ADMIN, MEMBER, MEMBER2 } from '../testing/accounts.js';
import { describeTransports } from '../testing/transports.js';
import { bodyJson, JsonText } from './json-text.js';
import { messageJson } from './message-json.js';

interface Fetched {
  id: number;
  sender_full_name: string;
  content: string;
  display_recipient: unknown;
  reactions: Array<{ emoji_name: string }>;
  flags: string[];
  avatar_url: string | null;
}

describeTransports('GET /messages: cached message text follows every change', (t) => {
  const channel = 'Denmark';
  const newest = async (email: string, extra: Record<string, unknown> = {}): Promise<Fetched> => {
    const res = await t()
      .as(email)
      .get('messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: channel }],
        ...extra,
      });
    expect(res.status).toBe(200);
    return (res.body as { messages: Fetched[] }).messages[0]!;
  };
  const send = async (): Promise<number> => {
    const res = await t()
      .as(MEMBER)
      .post('messages', { type: 'stream', to: channel, topic: 'cache', content: 'first **text**' });
    expect(res.status).toBe(200);
    return (res.body as { id: number }).id;
  };

  it('shows a sender renamed after the message was fetched', async () => {
    const id = await send();
    expect((await newest(ADMIN)).id).toBe(id);
    expect((await t().as(MEMBER).patch('settings', { full_name: 'Hamlet Renamed' })).status).toBe(200);
    expect((await newest(ADMIN)).sender_full_name).toBe('Hamlet Renamed');
  });

  it('shows an edit, a reaction and a renamed channel made after the message was fetched', async () => {
    const id = await send();
    expect((await newest(ADMIN)).content).toBe('<p>first <strong>text</strong></p>');
    expect((await t().as(MEMBER).patch(`messages/${id}`, { content: 'second' })).status).toBe(200);
    expect((await newest(ADMIN)).content).toBe('<p>second</p>');
    expect((await t().as(ADMIN).post(`messages/${id}/reactions`, { emoji_name: 'octopus' })).status).toBe(
      200,
    );
    expect((await newest(ADMIN)).reactions.map((r) => r.emoji_name)).toEqual(['octopus']);
    const streamId = t().app.store.state.channelsByName.get(channel.toLowerCase())!.stream_id;
    expect((await t().as(ADMIN).patch(`streams/${streamId}`, { new_name: 'Denmark2' })).status).toBe(200);
    const res = await t()
      .as(ADMIN)
      .get('messages', {
        anchor: id,
        num_before: 0,
        num_after: 0,
        narrow: [{ operator: 'id', operand: id }],
      });
    expect((res.body as { messages: Fetched[] }).messages[0]!.display_recipient).toBe('Denmark2');
  });

  it('gives each viewer their own flags and the raw Markdown when asked', async () => {
    const id = await send();
    expect((await newest(MEMBER2)).flags).not.toContain('read');
    expect(
      (
        await t()
          .as(MEMBER2)
          .post('messages/flags', { messages: [id], op: 'add', flag: 'read' })
      ).status,
    ).toBe(200);
    expect((await newest(MEMBER2)).flags).toContain('read');
    expect((await newest(MEMBER2, { apply_markdown: false })).content).toBe('first **text**');
    expect((await newest(MEMBER2)).content).toBe('<p>first <strong>text</strong></p>');
  });
});

describe('messageJson', () => {
  it('is the text of formatMessageWithFlags for each viewer, and is made again after a change', async () => {
    const { createApp } = await import('./app.js');
    const { preparedDevRealm } = await import('../testing/dev-realm.js');
    const app = createApp({ realm: preparedDevRealm(), logError: () => {} });
    const { state } = app.store;
    const options = { applyMarkdown: true, clientExtavatar: true, allowEmptyTopicName: false };
    for (const email of [ADMIN, MEMBER, MEMBER2]) {
      const viewer = state.usersByEmail.get(email)!;
      for (const record of [...state.messages.values()].slice(0, 40)) {
        const expected = formatMessageWithFlags(state, record, viewer, options, app.store.featureLevel);
        expect(messageJson(app.store, record, viewer, options).json).toBe(JSON.stringify(expected));
      }
    }
    const record = [...state.messages.values()][0]!;
    const viewer = state.usersByEmail.get(ADMIN)!;
    const before = messageJson(app.store, record, viewer, options).json;
    const sender = state.users.get(record.sender_id)!;
    sender.full_name = 'Changed In Place';
    // Not announced through Store.emit: the cached text stays (every real change goes through emit).
    expect(messageJson(app.store, record, viewer, options).json).toBe(before);
    app.store.emit([], { type: 'realm_user', op: 'update', person: { user_id: sender.user_id } });
    expect(messageJson(app.store, record, viewer, options).json).toContain(
      '"sender_full_name":"Changed In Place"',
    );
  });
});

describe('bodyJson', () => {
  it('splices JSON text at the top level and in top-level arrays, like JSON.stringify of the values', () => {
    const body = {
      result: 'success',
      skipped: undefined,
      one: new JsonText('{"a":1}'),
      list: [new JsonText('{"b":[2]}'), { c: 3 }],
      nested: { deep: [1, 'x'] },
    };
    const text = bodyJson(body);
    expect(text).toBe(
      '{"result":"success","one":{"a":1},"list":[{"b":[2]},{"c":3}],"nested":{"deep":[1,"x"]}}',
    );
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('is JSON.stringify for bodies without JSON text', () => {
    const body = { result: 'success', msg: '', list: [], n: null, s: 'é"\n' };
    expect(bodyJson(body)).toBe(JSON.stringify(body));
  });
});
