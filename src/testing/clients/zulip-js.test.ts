/**
 * The published JavaScript client of this API (npm zulip-js 2.1.0, unmodified) against the node server: every
 * method the client object offers is called and its answer checked. The list of methods comes from the client
 * itself, so a method without a case here fails the suite.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { createApp, type App } from '../../api/app.js';
import { ADMIN, MEMBER, MEMBER2 } from '../accounts.js';
import { preparedDevRealm } from '../dev-realm.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the client answers untyped JSON
type Json = Record<string, any>;
type Method = (...args: unknown[]) => Promise<Json>;
/** A zulip-js client: nested objects of methods, plus its config. */
type Client = { [key: string]: unknown };
type Factory = (config: Record<string, string>) => Promise<Client>;

const zulip = createRequire(import.meta.url)('zulip-js') as Factory;
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Dotted paths of every function of a client (`messages.flags.add`), `config` left out. */
function methodPaths(client: Client, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(client)) {
    if (key === 'config') continue;
    if (typeof value === 'function') out.push(prefix + key);
    else if (value && typeof value === 'object')
      out.push(...methodPaths(value as Client, `${prefix}${key}.`));
  }
  return out;
}

/** Calls the client's method at a dotted path. */
function invoke(client: Client, path: string, ...args: unknown[]): Promise<Json> {
  const parts = path.split('.');
  let owner: unknown = client;
  for (const part of parts.slice(0, -1)) owner = (owner as Client)[part];
  const method = (owner as Client)[parts[parts.length - 1]!] as Method;
  return method.apply(owner, args);
}

interface Context {
  app: App;
  server: RunningServer;
  /** A member's client built with an API key. */
  hamlet: Client;
  /** An administrator's client built with a password (the client calls POST /fetch_api_key). */
  iago: Client;
  idOf(email: string): number;
  /** Sends a channel message as Hamlet through the client; answers its id. */
  send(content: string): Promise<number>;
}

/** Runs callOnEachEvent in a child process (it loops for ever) until it prints Othello's first message event. */
async function firstEventFromChild(c: Context): Promise<Json> {
  const othello = c.app.store.state.usersByEmail.get(MEMBER2)!;
  const script = `
    const zulip = require('zulip-js');
    zulip({ username: process.env.ZJS_USER, apiKey: process.env.ZJS_KEY, realm: process.env.ZJS_REALM })
      .then((client) => client.callOnEachEvent((event) => {
        if (event.type === 'message') process.stdout.write(JSON.stringify(event) + '\\n');
      }, ['message']));`;
  const registered = new Promise<void>((resolve) => {
    const queues = c.app.services.queues;
    const register = queues.register.bind(queues);
    queues.register = (userId, options) => {
      const queue = register(userId, options);
      if (userId === othello.user_id) resolve();
      return queue;
    };
  });
  const child = spawn(process.execPath, ['-e', script], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ZJS_USER: othello.delivery_email,
      ZJS_KEY: othello.api_key,
      ZJS_REALM: c.server.url,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await registered;
    await invoke(c.hamlet, 'messages.send', {
      type: 'private',
      to: [othello.user_id],
      content: 'to the child',
    });
    const lines = createInterface({ input: child.stdout });
    for await (const line of lines) return JSON.parse(line) as Json;
    throw new Error('the child process ended without printing an event');
  } finally {
    child.kill();
  }
}

const CASES: Record<string, (c: Context) => Promise<void>> = {
  callEndpoint: async (c) => {
    const me = await invoke(c.hamlet, 'callEndpoint', '/users/me');
    expect(me).toMatchObject({ result: 'success', user_id: c.idOf(MEMBER) });
    const sent = await invoke(c.hamlet, 'callEndpoint', 'messages', 'POST', {
      type: 'stream',
      to: 'Denmark',
      topic: 'zulip-js',
      content: 'through callEndpoint',
    });
    expect(c.app.store.state.messages.get(sent.id)?.content).toBe('through callEndpoint');
  },
  callOnEachEvent: async (c) => {
    const event = await firstEventFromChild(c);
    expect(event).toMatchObject({
      type: 'message',
      // The client registers without apply_markdown, so events carry the Markdown as sent.
      message: { content: 'to the child', sender_id: c.idOf(MEMBER) },
    });
  },
  'accounts.retrieve': async (c) => {
    const iago = c.app.store.state.usersByEmail.get(ADMIN)!;
    expect(await invoke(c.iago, 'accounts.retrieve')).toEqual({
      result: 'success',
      msg: '',
      api_key: iago.api_key,
      email: iago.delivery_email,
      user_id: iago.user_id,
    });
  },
  'streams.retrieve': async (c) => {
    const res = await invoke(c.hamlet, 'streams.retrieve');
    expect(res.streams.map((s: Json) => s.name)).toEqual(expect.arrayContaining(['Verona', 'Denmark']));
  },
  'streams.getStreamId': async (c) => {
    const denmark = c.app.store.state.channelsByName.get('denmark')!.stream_id;
    expect(await invoke(c.hamlet, 'streams.getStreamId', 'Denmark')).toMatchObject({ stream_id: denmark });
    expect(await invoke(c.hamlet, 'streams.getStreamId', { stream: 'Denmark' })).toMatchObject({
      stream_id: denmark,
    });
  },
  'streams.subscriptions.retrieve': async (c) => {
    const res = await invoke(c.hamlet, 'streams.subscriptions.retrieve');
    expect(res.subscriptions.map((s: Json) => s.name)).toContain('Denmark');
  },
  'streams.topics.retrieve': async (c) => {
    await c.send('a topic for the topic list');
    const denmark = c.app.store.state.channelsByName.get('denmark')!.stream_id;
    const res = await invoke(c.hamlet, 'streams.topics.retrieve', { stream_id: denmark });
    expect(res.topics.map((t: Json) => t.name)).toContain('zulip-js');
  },
  'streams.deleteById': async (c) => {
    const created = await invoke(c.iago, 'users.me.subscriptions.add', {
      subscriptions: JSON.stringify([{ name: 'zulip-js doomed' }]),
    });
    expect(created.result).toBe('success');
    const id = c.app.store.state.channelsByName.get('zulip-js doomed')!.stream_id;
    expect(await invoke(c.iago, 'streams.deleteById', { stream_id: id })).toMatchObject({
      result: 'success',
    });
    expect(c.app.store.state.channels.get(id)!.is_archived).toBe(true);
  },
  'messages.retrieve': async (c) => {
    const id = await c.send('to be fetched');
    const res = await invoke(c.hamlet, 'messages.retrieve', {
      anchor: 'newest',
      num_before: 3,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'Denmark' }],
    });
    expect(res.messages.at(-1)).toMatchObject({ id, content: '<p>to be fetched</p>' });
    expect(res.messages.every((m: Json) => m.display_recipient === 'Denmark')).toBe(true);
  },
  'messages.send': async (c) => {
    const res = await invoke(c.hamlet, 'messages.send', {
      type: 'stream',
      to: 'Denmark',
      topic: 'zulip-js',
      content: 'sent by **zulip-js**',
    });
    expect(res.result).toBe('success');
    expect(c.app.store.state.messages.get(res.id)).toMatchObject({
      sender_id: c.idOf(MEMBER),
      content: 'sent by **zulip-js**',
    });
  },
  'messages.render': async (c) => {
    expect(await invoke(c.hamlet, 'messages.render', '**bold**')).toMatchObject({
      rendered: '<p><strong>bold</strong></p>',
    });
    expect(await invoke(c.hamlet, 'messages.render', { content: '*it*' })).toMatchObject({
      rendered: '<p><em>it</em></p>',
    });
  },
  'messages.update': async (c) => {
    const id = await c.send('before the edit');
    expect(
      await invoke(c.hamlet, 'messages.update', { message_id: id, content: 'after the edit' }),
    ).toMatchObject({ result: 'success' });
    expect(c.app.store.state.messages.get(id)!.content).toBe('after the edit');
  },
  'messages.flags.add': async (c) => {
    const id = await c.send('to be starred');
    const res = await invoke(c.hamlet, 'messages.flags.add', { messages: [id], flag: 'starred' });
    expect(res).toMatchObject({ result: 'success', messages: [id] });
    const fetched = await invoke(c.hamlet, 'messages.getById', { message_id: id });
    expect(fetched.message.flags).toContain('starred');
  },
  'messages.flags.remove': async (c) => {
    const id = await c.send('starred, then not');
    await invoke(c.hamlet, 'messages.flags.add', { messages: [id], flag: 'starred' });
    expect(
      await invoke(c.hamlet, 'messages.flags.remove', { messages: [id], flag: 'starred' }),
    ).toMatchObject({
      result: 'success',
    });
    const fetched = await invoke(c.hamlet, 'messages.getById', { message_id: id });
    expect(fetched.message.flags).not.toContain('starred');
  },
  'messages.getById': async (c) => {
    const id = await c.send('fetched by id');
    const res = await invoke(c.hamlet, 'messages.getById', { message_id: id });
    expect(res).toMatchObject({ result: 'success', raw_content: 'fetched by id', message: { id } });
  },
  'messages.getHistoryById': async (c) => {
    const id = await c.send('first words');
    await invoke(c.hamlet, 'messages.update', { message_id: id, content: 'second words' });
    const res = await invoke(c.hamlet, 'messages.getHistoryById', { message_id: id });
    expect(res.message_history.map((h: Json) => h.content)).toEqual(['first words', 'second words']);
  },
  'messages.deleteReactionById': async (c) => {
    const id = await c.send('react and unreact');
    await invoke(c.hamlet, 'reactions.add', { message_id: id, emoji_name: 'smile' });
    const res = await invoke(c.hamlet, 'messages.deleteReactionById', {
      message_id: id,
      emoji_name: 'smile',
    });
    expect(res.result).toBe('success');
    expect(c.app.store.state.messages.get(id)!.reactions).toEqual([]);
  },
  'messages.deleteById': async (c) => {
    const id = await c.send('to be deleted');
    expect(await invoke(c.iago, 'messages.deleteById', { message_id: id })).toMatchObject({
      result: 'success',
    });
    expect(c.app.store.state.messages.has(id)).toBe(false);
  },
  'queues.register': async (c) => {
    const res = await invoke(c.hamlet, 'queues.register', { event_types: ['message'] });
    expect(res).toMatchObject({ result: 'success', queue_id: expect.any(String), last_event_id: -1 });
    expect(c.app.services.queues.get(res.queue_id)).toBeDefined();
  },
  'queues.deregister': async (c) => {
    const { queue_id } = await invoke(c.hamlet, 'queues.register', { event_types: ['message'] });
    expect(await invoke(c.hamlet, 'queues.deregister', { queue_id })).toMatchObject({ result: 'success' });
    expect(c.app.services.queues.get(queue_id)).toBeUndefined();
  },
  'events.retrieve': async (c) => {
    const { queue_id } = await invoke(c.hamlet, 'queues.register', { event_types: ['message'] });
    const id = await c.send('an event for the queue');
    const res = await invoke(c.hamlet, 'events.retrieve', { queue_id, last_event_id: -1, dont_block: true });
    expect(res.events).toEqual([
      expect.objectContaining({ type: 'message', message: expect.objectContaining({ id }) }),
    ]);
  },
  'users.retrieve': async (c) => {
    const res = await invoke(c.hamlet, 'users.retrieve');
    const ids = res.members.map((m: Json) => m.user_id);
    expect(ids).toContain(c.idOf(MEMBER));
    expect(res.members.some((m: Json) => m.is_system_bot)).toBe(false);
  },
  'users.create': async (c) => {
    const res = await invoke(c.iago, 'users.create', {
      email: 'zulip-js@svc.test',
      password: 'zulip-js-password',
      full_name: 'Zulip JS',
    });
    expect(res).toMatchObject({ result: 'success', user_id: expect.any(Number) });
    const login = await zulip({
      username: 'zulip-js@svc.test',
      password: 'zulip-js-password',
      realm: c.server.url,
    });
    expect(await invoke(login, 'users.me.getProfile')).toMatchObject({
      user_id: res.user_id,
      full_name: 'Zulip JS',
    });
  },
  'users.me.pointer.retrieve': async (c) => {
    // The pointer endpoints were removed from the server; the client's call gets the unknown-endpoint error.
    const res = await invoke(c.hamlet, 'users.me.pointer.retrieve');
    expect(res).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: expect.stringMatching(/^Not Found/),
    });
  },
  'users.me.pointer.update': async (c) => {
    const res = await invoke(c.hamlet, 'users.me.pointer.update', 1);
    expect(res).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: expect.stringMatching(/^Not Found/),
    });
  },
  'users.me.getProfile': async (c) => {
    expect(await invoke(c.hamlet, 'users.me.getProfile')).toMatchObject({
      result: 'success',
      user_id: c.idOf(MEMBER),
      delivery_email: MEMBER,
      full_name: 'King Hamlet',
    });
  },
  'users.me.subscriptions.add': async (c) => {
    const res = await invoke(c.hamlet, 'users.me.subscriptions.add', {
      subscriptions: JSON.stringify([{ name: 'zulip-js joined' }]),
    });
    expect(res.result).toBe('success');
    expect(Object.values(res.subscribed as Json).flat()).toEqual(['zulip-js joined']);
  },
  'users.me.subscriptions.remove': async (c) => {
    await invoke(c.hamlet, 'users.me.subscriptions.add', {
      subscriptions: JSON.stringify([{ name: 'zulip-js left' }]),
    });
    const res = await invoke(c.hamlet, 'users.me.subscriptions.remove', {
      subscriptions: JSON.stringify(['zulip-js left']),
    });
    expect(res).toMatchObject({ result: 'success', removed: ['zulip-js left'], not_removed: [] });
  },
  'users.me.alertWords.retrieve': async (c) => {
    const res = await invoke(c.hamlet, 'users.me.alertWords.retrieve');
    expect(res).toMatchObject({ result: 'success', alert_words: expect.any(Array) });
  },
  'emojis.retrieve': async (c) => {
    const res = await invoke(c.hamlet, 'emojis.retrieve');
    expect(res.emoji['1']).toMatchObject({ id: '1', name: 'green_tick', deactivated: false });
  },
  'typing.send': async (c) => {
    const othello = c.idOf(MEMBER2);
    expect(await invoke(c.hamlet, 'typing.send', { to: [othello], op: 'start' })).toMatchObject({
      result: 'success',
    });
    expect(c.app.store.journal.at(-1)?.event).toMatchObject({ type: 'typing', op: 'start' });
  },
  'reactions.add': async (c) => {
    const id = await c.send('react to me');
    expect(
      await invoke(c.hamlet, 'reactions.add', { message_id: id, emoji_name: 'green_tick' }),
    ).toMatchObject({
      result: 'success',
    });
    expect(c.app.store.state.messages.get(id)!.reactions).toMatchObject([
      { emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' },
    ]);
  },
  'reactions.remove': async (c) => {
    const id = await c.send('react, then take it back');
    await invoke(c.hamlet, 'reactions.add', { message_id: id, emoji_name: 'octopus' });
    expect(
      await invoke(c.hamlet, 'reactions.remove', { message_id: id, emoji_name: 'octopus' }),
    ).toMatchObject({
      result: 'success',
    });
    expect(c.app.store.state.messages.get(id)!.reactions).toEqual([]);
  },
  'server.settings': async (c) => {
    expect(await invoke(c.hamlet, 'server.settings')).toMatchObject({
      result: 'success',
      svc_feature_level: c.app.store.featureLevel,
      authentication_methods: { password: true },
    });
  },
  'filters.retrieve': async (c) => {
    const res = await invoke(c.hamlet, 'filters.retrieve');
    expect(res.filters[0]).toEqual(['#(?P<id>[0-9]+)', 'https://github.com/svc/svc/issues/%(id)s', 1]);
  },
};

// A client built without a server (the API key is given, so nothing is fetched): its methods are the list.
const OFFERED = methodPaths(await zulip({ username: MEMBER, apiKey: 'unused', realm: 'http://127.0.0.1:9' }));

describe('zulip-js 2.1.0, the published JavaScript client, against the node server', () => {
  let context: Context | undefined;
  const c = (): Context => context!;

  beforeAll(async () => {
    const app = createApp({ realm: preparedDevRealm(), logError: () => {} });
    const server = await startServer(app, { port: 0, host: '127.0.0.1' });
    const hamlet = app.store.state.usersByEmail.get(MEMBER)!;
    const client = await zulip({ username: MEMBER, apiKey: hamlet.api_key, realm: server.url });
    const iago = await zulip({ username: ADMIN, password: 'iago-svc-dev', realm: server.url });
    context = {
      app,
      server,
      hamlet: client,
      iago,
      idOf: (email) => app.store.state.usersByEmail.get(email.toLowerCase())!.user_id,
      send: async (content) =>
        (await invoke(client, 'messages.send', { type: 'stream', to: 'Denmark', topic: 'zulip-js', content }))
          .id,
    };
  });
  afterAll(async () => {
    await context?.server.close();
  });

  it('offers the methods this suite covers, no more and no fewer', () => {
    expect(OFFERED.length).toBeGreaterThan(30);
    expect([...OFFERED].sort()).toEqual(Object.keys(CASES).sort());
  });

  it('logs in with a password: the client fetched the API key from POST /fetch_api_key', () => {
    const iago = c().app.store.state.usersByEmail.get(ADMIN)!;
    expect((c().iago.config as Json).apiKey).toBe(iago.api_key);
  });

  for (const path of OFFERED) {
    it(`${path} works unmodified`, async () => {
      const run = CASES[path];
      expect(run, `no case for the client method ${path}`).toBeDefined();
      await run!(c());
    });
  }
});
