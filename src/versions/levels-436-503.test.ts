import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../api/app.js';
import { createManualClock, type ManualClock } from '../store/clock.js';
import { deleteMessages } from '../store/messages/delete.js';
import { ADMIN, MEMBER, MEMBER2, OWNER } from '../testing/accounts.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { callApp as call } from '../testing/level-client.js';
import { BEHAVIOURS, has, NEWEST_FEATURE_LEVEL, releaseOf, type BehaviourName } from './index.js';

const clocks = new WeakMap<App, ManualClock>();

function appAt(level: number): App {
  const clock = createManualClock(Date.UTC(2025, 11, 1));
  const app = createApp({
    realm: preparedDevRealm(),
    featureLevel: level,
    clock,
    seed: 1,
    logError: () => {},
  });
  clocks.set(app, clock);
  return app;
}

const BOT = 'default-bot@svc.test';

const idOf = (app: App, email: string): number => app.store.state.usersByEmail.get(email)!.user_id;

/** Sends a channel message as `email` and answers its id. */
async function send(app: App, content: string, email = MEMBER, to = 'Denmark'): Promise<number> {
  const res = await call(app, 'POST', 'messages', { type: 'stream', to, topic: 'levels', content }, email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

/** The ids GET /messages answers for a narrow (newest 20). */
async function narrowIds(app: App, narrow: unknown[], email = MEMBER) {
  const res = await call(
    app,
    'GET',
    'messages',
    { anchor: 'newest', num_before: 20, num_after: 0, narrow },
    email,
  );
  if (res.status !== 200) return `${res.status} ${res.body.msg as string}`;
  return (res.body.messages as Array<{ id: number }>).map((m) => m.id);
}

/** Registers a queue for `email` and answers its id. */
async function register(app: App, params: Record<string, unknown>, email = MEMBER): Promise<string> {
  const res = await call(app, 'POST', 'register', params, email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.queue_id as string;
}

/** The events a queue holds (heartbeats left out). */
async function queued(app: App, queue: string, email = MEMBER): Promise<Array<Record<string, unknown>>> {
  const res = await call(
    app,
    'GET',
    'events',
    { queue_id: queue, last_event_id: -1, dont_block: true },
    email,
  );
  return (res.body.events as Array<Record<string, unknown>>).filter((e) => e.type !== 'heartbeat');
}

/** Behaviours of 436–503, each at the level below and at its level. */
const CASES: Partial<
  Record<BehaviourName, { observe: (app: App) => Promise<unknown>; below: unknown; at: unknown }>
> = {
  anchor_date: {
    async observe(app) {
      const first = await send(app, 'before the date');
      clocks.get(app)!.advance(3_600_000);
      const second = await send(app, 'after the date');
      const date = new Date(app.store.clock.now() - 60_000).toISOString();
      const narrow = [{ operator: 'channel', operand: 'Denmark' }];
      const res = await call(app, 'GET', 'messages', {
        anchor: 'date',
        anchor_date: date,
        num_before: 1,
        num_after: 1,
        narrow,
      });
      if (res.status !== 200) return res.body.msg;
      const ids = (res.body.messages as Array<{ id: number }>).map((m) => m.id);
      return [res.body.anchor === second, ids.includes(first), ids.includes(second)];
    },
    below: 'Invalid anchor',
    at: [true, true, true],
  },
  mentions_narrow: {
    async observe(app) {
      const direct = await send(app, 'hello @**Othello, the Moor of Venice**');
      const silent = await send(app, 'quietly @_**Othello, the Moor of Venice**');
      const narrow = [{ operator: 'mentions', operand: idOf(app, 'othello@svc.test') }];
      const ids = await narrowIds(app, narrow);
      return typeof ids === 'string' ? ids : [ids.includes(direct), ids.includes(silent)];
    },
    below: '400 Invalid narrow operator: unknown operator mentions',
    at: [true, false],
  },
  channels_archived_narrow: {
    async observe(app) {
      const ids = await narrowIds(app, [{ operator: 'channels', operand: 'archived' }], OWNER);
      if (typeof ids === 'string') return ids;
      const archived = [...app.store.state.channels.values()].find((c) => c.is_archived)!;
      return (
        ids.length > 0 &&
        ids.every((id) => app.store.state.messages.get(id)!.stream_id === archived.stream_id)
      );
    },
    below: '400 Invalid narrow operator: unknown channels operand archived',
    at: true,
  },
  reaction_event_user_removed: {
    async observe(app) {
      const id = await send(app, 'react to me');
      await call(app, 'POST', `messages/${id}/reactions`, { emoji_name: 'octopus' });
      const event = app.store.journal.at(-1)!.event as Record<string, unknown>;
      return [event.type, 'user' in event, event.user_id === idOf(app, MEMBER)];
    },
    below: ['reaction', true, true],
    at: ['reaction', false, true],
  },
  attachment_times_in_seconds: {
    async observe(app) {
      const listed = await call(app, 'GET', 'attachments', {}, 'aaron@svc.test');
      const [first] = listed.body.attachments as Array<{ create_time: number }>;
      const record = [...app.store.state.uploads.values()][0]!;
      return first!.create_time / record.create_time;
    },
    below: 1000,
    at: 1,
  },
  attachment_message_ids: {
    async observe(app) {
      const listed = await call(app, 'GET', 'attachments', {}, 'aaron@svc.test');
      const [first] = listed.body.attachments as Array<Record<string, unknown>>;
      return ['messages' in first!, 'message_ids' in first!];
    },
    below: [true, false],
    at: [false, true],
  },
  archived_channel_details: {
    async observe(app) {
      const archived = [...app.store.state.channels.values()].find((c) => c.is_archived)!;
      const id = archived.stream_id;
      const paths = [`streams/${id}`, `streams/${id}/members`, `users/me/${id}/topics`];
      return Promise.all(paths.map(async (path) => (await call(app, 'GET', path, {}, OWNER)).body.msg));
    },
    below: ['Invalid channel ID', 'Invalid channel ID', 'Invalid channel ID'],
    at: ['', '', ''],
  },
  user_groups_for_bots: {
    async observe(app) {
      const res = await call(app, 'GET', 'user_groups', {}, BOT);
      return res.body.msg;
    },
    below: 'This endpoint does not accept bot requests.',
    at: '',
  },
  status_admin_bots: {
    async observe(app) {
      const path = `users/${idOf(app, MEMBER)}/status`;
      return (await call(app, 'POST', path, { status_text: 'away' }, BOT)).body.msg;
    },
    below: 'This endpoint does not accept bot requests.',
    at: 'Insufficient permission',
  },
  legacy_settings_events_removed: {
    async observe(app) {
      const types = ['user_settings', 'update_display_settings'];
      const caps = { notification_settings_null: true };
      const queue = await register(app, { event_types: types, client_capabilities: caps });
      await call(app, 'PATCH', 'settings', { twenty_four_hour_time: true });
      return (await queued(app, queue)).map((e) => e.type);
    },
    below: ['user_settings', 'update_display_settings'],
    at: ['user_settings'],
  },
  individual_emoji_changes: {
    async observe(app) {
      const caps = { notification_settings_null: true, individual_emoji_changes: true };
      const queue = await register(app, { event_types: ['realm_emoji'], client_capabilities: caps }, ADMIN);
      const emoji = [...app.store.state.realmEmoji.values()].find((e) => !e.deactivated)!;
      await call(app, 'DELETE', `realm/emoji/${emoji.name}`, {}, ADMIN);
      return (await queued(app, queue, ADMIN)).map((e) => [e.op, e.emoji_id ?? null, e.data ?? null]);
    },
    below: [['update', null, null]],
    at: [['update_one', '1', { deactivated: true }]],
  },
  deactivate_user_actions: {
    async observe(app) {
      await send(app, 'public words', MEMBER2);
      const actions = { delete_public_channel_messages: true };
      const res = await call(app, 'DELETE', `users/${idOf(app, MEMBER2)}`, { actions }, ADMIN);
      const left = [...app.store.state.messages.values()].filter((m) => m.sender_id === idOf(app, MEMBER2));
      const inPublic = left.filter(
        (m) => m.stream_id !== null && !app.store.state.channels.get(m.stream_id)!.invite_only,
      );
      return [res.status, inPublic.length === 0, left.length > 0 || 'no other messages'];
    },
    below: [200, false, true],
    at: [200, true, true],
  },
  delete_event_needs_content_access: {
    async observe(app) {
      // The deactivated user's message in a private channel the administrator cannot read.
      const admin = idOf(app, ADMIN);
      const subscriptions = [{ name: 'levels secret' }];
      await call(app, 'POST', 'users/me/subscriptions', { subscriptions, invite_only: true });
      const secret = await send(app, 'secret', MEMBER, 'levels secret');
      const open = await send(app, 'open', MEMBER);
      // Deleted on the deactivation of their sender (DELETE /users/{id} actions, 459): the store call at any level.
      deleteMessages(app.store, admin, [app.store.state.messages.get(secret)!]);
      deleteMessages(app.store, admin, [app.store.state.messages.get(open)!]);
      const res = { status: 200 };
      const heard = app.store.journal
        .filter(
          (e) =>
            typeof e.event !== 'function' &&
            e.event.type === 'delete_message' &&
            [...e.users].includes(admin),
        )
        .flatMap((e) => (e.event as unknown as { message_ids: number[] }).message_ids);
      return [res.status, heard.includes(secret), heard.includes(open)];
    },
    below: [200, true, true],
    at: [200, false, true],
  },
  linkifier_reverse_template: {
    async observe(app) {
      const res = await call(
        app,
        'POST',
        'realm/filters',
        {
          pattern: 'T(?P<id>[0-9]+)',
          url_template: 'https://tickets.example/{id}',
          example_input: 'T42',
          reverse_template: 'T{id}',
        },
        ADMIN,
      );
      const list = (await call(app, 'GET', 'realm/linkifiers', {})).body.linkifiers as Array<
        Record<string, unknown>
      >;
      const mine = list.find((l) => l.id === res.body.id)!;
      return [mine.example_input, mine.reverse_template];
    },
    below: [undefined, undefined],
    at: ['T42', 'T{id}'],
  },
  linkifier_alternative_url_templates: {
    async observe(app) {
      const res = await call(
        app,
        'POST',
        'realm/filters',
        {
          pattern: 'T(?P<id>[0-9]+)',
          url_template: 'https://tickets.example/{id}',
          alternative_url_templates: ['https://old-tickets.example/{id}'],
        },
        ADMIN,
      );
      const list = (await call(app, 'GET', 'realm/linkifiers', {})).body.linkifiers as Array<
        Record<string, unknown>
      >;
      return list.find((l) => l.id === res.body.id)!.alternative_url_templates;
    },
    below: undefined,
    at: ['https://old-tickets.example/{id}'],
  },
};

describe('levels 436 to 503: endpoints, narrows, messages, events', () => {
  it.each(Object.keys(CASES) as BehaviourName[])('%s: at the level below and at its level', async (name) => {
    const { observe, below, at } = CASES[name]!;
    const level = BEHAVIOURS[name].level;
    const seen = { below: await observe(appAt(level - 1)), at: await observe(appAt(level)) };
    expect(seen).toEqual({ below, at });
  });

  it('serves 503 by default as 13.0-dev, 498 as the 12.0 release and 499-501 as 12.x', () => {
    expect(NEWEST_FEATURE_LEVEL).toBe(503);
    expect(appAt(NEWEST_FEATURE_LEVEL).store.featureLevel).toBe(503);
    expect([497, 498, 499, 501, 502, 503].map(releaseOf)).toEqual([
      '12.0-dev',
      '12.0',
      '12.1',
      '12.1',
      '13.0-dev',
      '13.0-dev',
    ]);
  });

  it('sends the reaction user object below 328, not from 328 to 338, again from 339 to 483, never from 484', () => {
    const sent = (level: number) =>
      !has('reaction_user_dropped', level) && !has('reaction_event_user_removed', level);
    expect([327, 328, 338, 339, 483, 484, 503].map(sent)).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});
