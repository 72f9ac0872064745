// Cached message JSON (GET /messages): every change made through the API shows in the next fetch, and the
// spliced answer text is exactly what JSON.stringify of the objects gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessageWithFlags } from '../store/messages/format.js';
import { ADMIN, GUEST, MEMBER, MEMBER2 } from '../testing/accounts.js';
import { describeTransports } from '../testing/transports.js';
import { bodyJson, JsonText } from './json-text.js';
import { messageJson, messagesJson } from './message-json.js';

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

  it('shows a message moved to another topic, then to another channel, and drops a deleted one', async () => {
    const id = await send();
    const byId = async (): Promise<Array<Fetched & { subject: string }>> => {
      const narrow = [{ operator: 'id', operand: id }];
      const res = await t().as(ADMIN).get('messages', { anchor: id, num_before: 0, num_after: 0, narrow });
      expect(res.status).toBe(200);
      return (res.body as { messages: Array<Fetched & { subject: string }> }).messages;
    };
    expect((await byId()).map((m) => [m.subject, m.display_recipient])).toEqual([['cache', channel]]);
    expect((await t().as(ADMIN).patch(`messages/${id}`, { topic: 'moved here' })).status).toBe(200);
    expect((await byId()).map((m) => [m.subject, m.display_recipient])).toEqual([['moved here', channel]]);
    const rome = t().app.store.state.channelsByName.get('rome')!.stream_id;
    expect((await t().as(ADMIN).patch(`messages/${id}`, { stream_id: rome })).status).toBe(200);
    expect((await byId()).map((m) => [m.subject, m.display_recipient])).toEqual([['moved here', 'Rome']]);
    const inRome = async (): Promise<number[]> => {
      const narrow = [{ operator: 'channel', operand: 'Rome' }];
      const res = await t()
        .as(ADMIN)
        .get('messages', { anchor: 'newest', num_before: 5, num_after: 0, narrow });
      return (res.body as { messages: Fetched[] }).messages.map((m) => m.id);
    };
    expect(await inRome()).toContain(id);
    expect((await t().as(ADMIN).delete(`messages/${id}`)).status).toBe(200);
    expect(await byId()).toEqual([]);
    expect(await inRome()).not.toContain(id);
  });

  it("gives avatar_url as the sender's e-mail visibility allows it, after the sender changes it", async () => {
    await send();
    // An admin may see the sender's real e-mail: the client computes the avatar itself (avatar_url null).
    expect((await newest(ADMIN)).avatar_url).toBeNull();
    expect((await t().as(MEMBER).patch('settings', { email_address_visibility: 4 })).status).toBe(200);
    expect((await newest(ADMIN)).avatar_url).toEqual(expect.any(String));
    expect((await newest(ADMIN, { client_extavatar: false })).avatar_url).toEqual(expect.any(String));
  });

  it('answers a page as the JSON text of the formatted messages, byte for byte, with its length', async () => {
    const id = await send();
    // Non-ASCII text, escapes and a reaction: the cached UTF-8 pieces must give the same text as a stringify.
    const content = 'é ☃ 🐙 "quoted" \\ <b> \u2028';
    expect((await t().as(MEMBER).patch(`messages/${id}`, { content })).status).toBe(200);
    expect((await t().as(MEMBER2).post(`messages/${id}/reactions`, { emoji_name: 'octopus' })).status).toBe(
      200,
    );
    const { app } = t();
    const { state } = app.store;
    for (const email of [ADMIN, MEMBER, MEMBER2]) {
      const params = { anchor: 'newest', num_before: 5, num_after: 0 };
      const res = await t()
        .as(email)
        .get('messages', { ...params, narrow: [{ operator: 'channel', operand: channel }] });
      const viewer = state.usersByEmail.get(email)!;
      const channelId = state.channelsByName.get(channel.toLowerCase())!.stream_id;
      const records = [...state.messages.values()].filter((m) => m.stream_id === channelId).slice(-5);
      const options = { applyMarkdown: true, clientExtavatar: true, allowEmptyTopicName: false };
      const messages = records.map((m) =>
        formatMessageWithFlags(state, m, viewer, options, app.store.featureLevel),
      );
      const { found_anchor, found_oldest, found_newest } = res.body as Record<string, boolean>;
      const expected = JSON.stringify({
        result: 'success',
        msg: '',
        anchor: 10_000_000_000_000_000,
        found_anchor,
        found_oldest,
        found_newest,
        history_limited: false,
        messages,
      });
      expect(JSON.stringify(res.body)).toBe(expected);
      expect((res.body as { messages: Fetched[] }).messages.at(-1)!.content).toContain('é ☃');
      const length = res.headers.get('content-length');
      if (t().transport === 'http') expect(length).toBe(String(new TextEncoder().encode(expected).length));
    }
  });
});

describe('GET /messages at an old feature level: flags named as the level names them', () => {
  for (const featureLevel of [223, 224]) {
    it(`names the wildcard-mention flags of level ${featureLevel}`, async () => {
      const { createApp } = await import('./app.js');
      const { preparedDevRealm } = await import('../testing/dev-realm.js');
      const { createManualClock } = await import('../store/clock.js');
      const app = createApp({
        realm: preparedDevRealm(),
        featureLevel,
        clock: createManualClock(Date.UTC(2025, 10, 21)),
        logError: () => {},
      });
      const auth = (email: string): string => {
        const user = app.store.state.usersByEmail.get(email)!;
        return `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`;
      };
      const sent = await app.fetch(
        new Request('http://localhost/api/v1/messages', {
          method: 'POST',
          headers: { authorization: auth(MEMBER), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ type: 'stream', to: 'Denmark', topic: 'all', content: 'hi @**all**' }),
        }),
      );
      expect(await sent.text()).toContain('"result":"success"');
      const query = new URLSearchParams({
        anchor: 'newest',
        num_before: '1',
        num_after: '0',
        // Levels below 250 name the operator `stream`.
        narrow: JSON.stringify([{ operator: 'stream', operand: 'Denmark' }]),
      });
      const res = await app.fetch(
        new Request(`http://localhost/api/v1/messages?${query}`, { headers: { authorization: auth(ADMIN) } }),
      );
      const body = (await res.json()) as { messages: Fetched[] };
      expect(body).toHaveProperty('messages');
      const { messages } = body;
      const split = featureLevel >= 224;
      expect(messages[0]!.flags).toContain('wildcard_mentioned');
      expect(messages[0]!.flags.includes('stream_wildcard_mentioned')).toBe(split);
    });
  }
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

describe('messagesJson with search highlights', () => {
  it('is the text of formatMessageWithFlags plus match_content and match_subject, made again after a change', async () => {
    const { createApp } = await import('./app.js');
    const { preparedDevRealm } = await import('../testing/dev-realm.js');
    const { parseSearch, highlightHtml, highlightTopic } = await import('../store/narrow/search.js');
    const app = createApp({ realm: preparedDevRealm(), logError: () => {} });
    const { state } = app.store;
    const options = { applyMarkdown: true, clientExtavatar: true, allowEmptyTopicName: false };
    const admin = state.usersByEmail.get(ADMIN)!;
    const authorization = `Basic ${btoa(`${admin.delivery_email}:${admin.api_key}`)}`;
    const call = (method: string, path: string, body: Record<string, string>): Promise<Response> =>
      app.fetch(
        new Request(`http://localhost/api/v1/${path}`, {
          method,
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body),
        }),
      );
    const sent = await call('POST', 'messages', {
      type: 'stream',
      to: 'Denmark',
      topic: 'hello',
      content: 'a message',
    });
    const { id } = (await sent.json()) as { id: number };
    const records = [...state.messages.values()].slice(-30);
    const search = parseSearch('the message "hello"');
    const page = (viewerEmail: string): unknown => {
      const viewer = state.usersByEmail.get(viewerEmail)!;
      const [open, close] = [new TextEncoder().encode('['), new TextEncoder().encode(']')];
      return JSON.parse(messagesJson(app.store, records, viewer, options, search, open, close).json);
    };
    const expected = (viewerEmail: string): unknown =>
      records.map((record) => ({
        ...formatMessageWithFlags(
          state,
          record,
          state.usersByEmail.get(viewerEmail)!,
          options,
          app.store.featureLevel,
        ),
        match_content: highlightHtml(record.rendered_content, search),
        match_subject: highlightTopic(record.topic, search),
      }));
    for (const email of [ADMIN, MEMBER]) {
      // Twice: the second page comes from the cached pieces, in the same key order.
      expect(JSON.stringify(page(email))).toBe(JSON.stringify(expected(email)));
      expect(JSON.stringify(page(email))).toBe(JSON.stringify(expected(email)));
    }
    // An edit through the API: the next page highlights the new text.
    const edited = await call('PATCH', `messages/${id}`, { content: 'the message changed' });
    expect(edited.status).toBe(200);
    records[records.length - 1] = state.messages.get(id)!;
    const last = (page(ADMIN) as Array<{ id: number; match_content: string }>).at(-1)!;
    expect(last.id).toBe(id);
    expect(last.match_content).toBe('<p>the <span class="highlight">message</span> changed</p>');
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

  it('writes flat bodies as JSON.stringify does: any key, escapes, lone surrogates, odd numbers, skipped values', () => {
    // Strings over every UTF-16 unit (escapes, control characters, lone surrogates), numbers JSON writes as null
    // or oddly (-0, NaN, 1e21), values JSON.stringify leaves out, and nested values (its own business).
    const text = fc.string({ unit: 'binary' });
    const value = fc.oneof(
      text,
      fc.double(),
      fc.integer(),
      fc.constantFrom(-0, 1e21, 5e-7, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, undefined),
      fc.constantFrom(() => 1, Symbol('s'), new Date(0), { toJSON: () => undefined }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(text, fc.constantFrom('0', '12', 'result', '__proto__')), value),
        (body) => {
          expect(bodyJson(body)).toBe(JSON.stringify(body));
        },
      ),
      { seed: 20261128, numRuns: 2000 },
    );
    // A class instance is JSON.stringify's (its toJSON, its own keys only).
    class Answer {
      id = 1;
      toJSON(): object {
        return { id: 2 };
      }
    }
    expect(bodyJson(new Answer())).toBe('{"id":2}');
    // So is a plain object with its own toJSON.
    expect(bodyJson({ id: 1, toJSON: () => ({ id: 3 }) })).toBe('{"id":3}');
  });
});

describeTransports('GET /messages: a query decoded once answers as the realm is now', (t) => {
  const query = {
    anchor: 'newest',
    num_before: 3,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: 'Denmark' }],
    not_a_parameter: 1,
  };

  it('resolves the same narrow again after the channel is renamed, and lists ignored parameters each time', async () => {
    const first = await t().as(ADMIN).get('messages', query);
    expect(first.status).toBe(200);
    expect(first.body.ignored_parameters_unsupported).toEqual(['not_a_parameter']);
    expect((first.body as { messages: Fetched[] }).messages.length).toBe(3);
    const streamId = t().app.store.state.channelsByName.get('denmark')!.stream_id;
    expect((await t().as(ADMIN).patch(`streams/${streamId}`, { new_name: 'Jutland' })).status).toBe(200);
    const again = await t().as(ADMIN).get('messages', query);
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('Denmark');
    const renamed = await t()
      .as(ADMIN)
      .get('messages', { ...query, narrow: [{ operator: 'channel', operand: 'Jutland' }] });
    expect((renamed.body as { messages: Fetched[] }).messages.map((m) => m.id)).toEqual(
      (first.body as { messages: Fetched[] }).messages.map((m) => m.id),
    );
    expect(renamed.body.ignored_parameters_unsupported).toEqual(['not_a_parameter']);
  });

  it('answers each viewer of the same query by their own access, in turn', async () => {
    const page = async (email: string): Promise<string> => {
      const res = await t().as(email).get('messages', query);
      return JSON.stringify([
        res.status,
        res.body.msg,
        (res.body.messages as Fetched[] | undefined)?.map((m) => m.id),
      ]);
    };
    const member = await page(MEMBER);
    const guest = await page(GUEST);
    expect(guest).not.toBe(member);
    expect(await page(MEMBER)).toBe(member);
    expect(await page(GUEST)).toBe(guest);
    // The guest is subscribed: the same query now reaches the channel's history for them.
    const guestId = t().app.store.state.usersByEmail.get(GUEST)!.user_id;
    const subscribe = { subscriptions: [{ name: 'Denmark' }], principals: [guestId] };
    expect((await t().as(ADMIN).post('users/me/subscriptions', subscribe)).status).toBe(200);
    expect(await page(GUEST)).not.toBe(guest);
  });

  it('refuses a bad query every time it is sent', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t()
        .as(ADMIN)
        .get('messages', { ...query, num_before: 'many' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
  });
});
