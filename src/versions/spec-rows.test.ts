/**
 * One case per row of the spec's Versioning table (every `specRow` behaviour): the same request at the level
 * below the row and at the row's level, through app.fetch, and what each answers.
 */
import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../api/app.js';
import { createManualClock } from '../store/clock.js';
import { ADMIN, MEMBER, MEMBER2 } from '../testing/accounts.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { BEHAVIOURS, levelOf, type BehaviourName } from './index.js';

const DENMARK = 3;
const VERONA = 1;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A dev-realm app at `level`. */
function appAt(level: number): App {
  return createApp({
    realm: preparedDevRealm(),
    featureLevel: level,
    clock: createManualClock(Date.UTC(2025, 0, 1)),
    seed: 1,
    logError: () => {},
  });
}

function userOf(app: App, email: string) {
  return app.store.state.usersByEmail.get(email)!;
}

/** Calls the API as `email` with form parameters (query string for GET). */
async function call(
  app: App,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
  email = MEMBER,
): Promise<Answer> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const user = userOf(app, email);
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`,
  };
  let url = `http://localhost/api/v1/${path}`;
  let body: string | undefined;
  if (method === 'GET') url += `?${form}`;
  else {
    body = form.toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  const res = await app.fetch(new Request(url, { method, headers, body }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Status, and the error code and message of a refusal. */
const outcome = (a: Answer): unknown[] => (a.status === 200 ? [200] : [a.status, a.body.code, a.body.msg]);

const group = (app: App, name: string): number => app.store.state.systemGroupIds.get(name)!;

/** What the row changes, observed on an app at some level; `below` and `at` are the expected observations. */
interface RowCase {
  observe: (app: App) => Promise<unknown>;
  below: unknown;
  at: unknown;
}

const CASES: Partial<Record<BehaviourName, RowCase>> = {
  stream_post_policy: {
    async observe(app) {
      await call(app, 'PATCH', `streams/${DENMARK}`, { stream_post_policy: 2 }, ADMIN);
      return (
        app.store.state.channels.get(DENMARK)!.can_send_message_group === group(app, 'role:administrators')
      );
    },
    below: false,
    at: true,
  },
  string_anchors: {
    async observe(app) {
      const legacy = await call(app, 'GET', 'messages', {
        use_first_unread_anchor: true,
        num_before: 1,
        num_after: 0,
      });
      expect(legacy.status).toBe(200);
      return outcome(await call(app, 'GET', 'messages', { anchor: 'newest', num_before: 1, num_after: 0 }));
    },
    below: [400, 'BAD_REQUEST', 'Invalid anchor'],
    at: [200],
  },
  feature_level_reported: {
    observe: async (app) => (await call(app, 'GET', 'server_settings')).body.svc_feature_level,
    below: undefined,
    at: 1,
  },
  reaction_type_optional: {
    async observe(app) {
      const m = [...app.store.state.messages.values()].find((x) => x.stream_id === DENMARK)!;
      const add = { emoji_name: 'green_tick', reaction_type: 'realm_emoji', emoji_code: '1' };
      expect((await call(app, 'POST', `messages/${m.id}/reactions`, add)).status).toBe(200);
      return outcome(
        await call(app, 'DELETE', `messages/${m.id}/reactions`, { emoji_name: 'green_tick' }),
      )[0];
    },
    below: 400,
    at: 200,
  },
  integer_principals: {
    async observe(app) {
      const principals = [userOf(app, MEMBER2).user_id];
      return outcome(
        await call(
          app,
          'POST',
          'users/me/subscriptions',
          { subscriptions: [{ name: 'Denmark' }], principals },
          ADMIN,
        ),
      );
    },
    below: [400, 'BAD_REQUEST', 'principals[0] is not a string'],
    at: [200],
  },
  invite_expires_in_minutes: {
    async observe(app) {
      const params = { invitee_emails: 'new@example.test', stream_ids: [], invite_expires_in_minutes: 60 };
      expect((await call(app, 'POST', 'invites', params, ADMIN)).status).toBe(200);
      const invite = [...app.store.state.invitations.values()].at(-1)!;
      return (invite.expiry_date! - invite.invited) / 60;
    },
    below: 14400,
    at: 60,
  },
  include_anchor: {
    async observe(app) {
      const id = Math.max(...app.store.state.messages.keys());
      const params = { anchor: String(id), num_before: 1, num_after: 0, include_anchor: false };
      const messages = (await call(app, 'GET', 'messages', params)).body.messages as Array<{ id: number }>;
      return messages.some((m) => m.id === id);
    },
    below: true,
    at: false,
  },
  ignored_parameters_unsupported: {
    observe: async (app) =>
      (await call(app, 'GET', 'users/me', { no_such_parameter: 1 })).body.ignored_parameters_unsupported,
    below: undefined,
    at: ['no_such_parameter'],
  },
  direct_type: {
    async observe(app) {
      const to = [userOf(app, MEMBER2).user_id];
      return outcome(await call(app, 'POST', 'messages', { type: 'direct', to, content: 'hi' }));
    },
    below: [400, 'BAD_REQUEST', 'Invalid type'],
    at: [200],
  },
  principal_errors_bad_request: {
    async observe(app) {
      const params = { subscriptions: [{ name: 'Denmark' }], principals: ['nobody@example.test'] };
      return outcome(await call(app, 'POST', 'users/me/subscriptions', params, ADMIN)).slice(0, 2);
    },
    below: [403, 'UNAUTHORIZED_PRINCIPAL'],
    at: [400, 'BAD_REQUEST'],
  },
  wildcard_mention_codes: {
    async observe(app) {
      const { state } = app.store;
      const template = userOf(app, MEMBER2);
      const subscribers = state.subscribers.get(DENMARK)!;
      for (let i = 0; i < 20; i++) {
        const user = {
          ...template,
          user_id: 2000 + i,
          delivery_email: `extra${i}@example.test`,
          api_key: `k${i}`,
        };
        state.users.set(user.user_id, user);
        subscribers.add(user.user_id);
      }
      const params = { type: 'stream', to: DENMARK, topic: 't', content: 'hi @**all**' };
      return (await call(app, 'POST', 'messages', params)).body.code;
    },
    below: 'BAD_REQUEST',
    at: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
  },
  channel_type: {
    observe: async (app) =>
      outcome(
        await call(app, 'POST', 'messages', { type: 'channel', to: DENMARK, topic: 't', content: 'hi' }),
      ),
    below: [400, 'BAD_REQUEST', 'Invalid type'],
    at: [200],
  },
  members_delete_messages: {
    async observe(app) {
      app.store.state.settings.can_delete_own_message_group = group(app, 'role:members');
      const sent = await call(app, 'POST', 'messages', {
        type: 'stream',
        to: DENMARK,
        topic: 't',
        content: 'x',
      });
      return (await call(app, 'DELETE', `messages/${sent.body.id as number}`)).status;
    },
    below: 400,
    at: 200,
  },
  message_ids: {
    async observe(app) {
      const id = Math.max(...app.store.state.messages.keys());
      return outcome(await call(app, 'GET', 'messages', { message_ids: [id] }))[0];
    },
    below: 400,
    at: 200,
  },
  archived_channels: {
    async observe(app) {
      expect((await call(app, 'DELETE', `streams/${VERONA}`, {}, ADMIN)).status).toBe(200);
      const listed = (await call(app, 'GET', 'streams', { exclude_archived: false }, ADMIN)).body
        .streams as Array<{
        stream_id: number;
      }>;
      const byName = await call(app, 'GET', 'get_stream_id', { stream: 'Verona' }, ADMIN);
      const { subscribers } = app.store.state;
      return [listed.some((s) => s.stream_id === VERONA), byName.status, subscribers.get(VERONA)!.size > 0];
    },
    // Older servers freed the name (the channel was renamed "<hex>!DEACTIVATED:Verona") and ended subscriptions.
    below: [false, 400, false],
    at: [true, 200, true],
  },
  can_send_message_group: {
    async observe(app) {
      const admins = group(app, 'role:administrators');
      await call(app, 'PATCH', `streams/${DENMARK}`, { can_send_message_group: { new: admins } }, ADMIN);
      return app.store.state.channels.get(DENMARK)!.can_send_message_group === admins;
    },
    below: false,
    at: true,
  },
  empty_topic: {
    observe: async (app) =>
      outcome(await call(app, 'POST', 'messages', { type: 'stream', to: DENMARK, topic: '', content: 'x' })),
    below: [400, 'BAD_REQUEST', "Topic can't be empty!"],
    at: [200],
  },
  include_all: {
    async observe(app) {
      const streams = (
        await call(
          app,
          'GET',
          'streams',
          { include_all: true, include_public: false, include_subscribed: false },
          ADMIN,
        )
      ).body.streams as unknown[];
      return streams.length > 0;
    },
    below: false,
    at: true,
  },
  dense_mode_removed: {
    observe: async (app) =>
      (await call(app, 'PATCH', 'settings', { dense_mode: true })).body.ignored_parameters_unsupported,
    below: undefined,
    at: ['dense_mode'],
  },
  no_topic_as_empty: {
    async observe(app) {
      app.store.state.settings.empty_topic_display_name = 'general chat';
      const sent = await call(app, 'POST', 'messages', {
        type: 'stream',
        to: DENMARK,
        topic: '(no topic)',
        content: 'x',
      });
      return app.store.state.messages.get(sent.body.id as number)!.topic;
    },
    below: '(no topic)',
    at: '',
  },
  apns_token_deprecated: {
    // Deprecated, not removed: both levels register the token alike.
    async observe(app) {
      const res = await call(app, 'POST', 'users/me/apns_device_token', {
        token: 'c3ZjLW1vY2stdG9rZW4=',
        appid: 'org.example.app',
      });
      return outcome(res);
    },
    below: [200],
    at: [200],
  },
  include_subscribers_partial: {
    observe: async (app) =>
      outcome(
        await call(app, 'POST', 'register', {
          include_subscribers: 'partial',
          fetch_event_types: ['subscription'],
        }),
      ),
    below: [400, 'BAD_REQUEST', 'Argument "include_subscribers" is not valid JSON.'],
    at: [200],
  },
  welcome_message_custom_text: {
    async observe(app) {
      const params = {
        invitee_emails: 'new@example.test',
        stream_ids: [],
        welcome_message_custom_text: 'Welcome!',
      };
      expect((await call(app, 'POST', 'invites', params, ADMIN)).status).toBe(200);
      return [...app.store.state.invitations.values()].at(-1)!.welcome_message_custom_text;
    },
    below: null,
    at: 'Welcome!',
  },
};

const SPEC_ROWS = (Object.keys(BEHAVIOURS) as BehaviourName[]).filter(
  (name) => (BEHAVIOURS[name] as { specRow?: true }).specRow,
);

describe("the spec's Versioning table", () => {
  it('has a case for every specRow behaviour, and no case for anything else', () => {
    expect(SPEC_ROWS.filter((name) => !CASES[name])).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !SPEC_ROWS.includes(name as BehaviourName))).toEqual([]);
  });

  it.each(SPEC_ROWS)('%s: one level below the row and at the row', async (name) => {
    const row = CASES[name];
    if (!row) throw new Error(`no case for the spec row ${name}`);
    const level = levelOf(name);
    expect({ level: level - 1, seen: await row.observe(appAt(level - 1)) }).toEqual({
      level: level - 1,
      seen: row.below,
    });
    expect({ level, seen: await row.observe(appAt(level)) }).toEqual({ level, seen: row.at });
  });
});
