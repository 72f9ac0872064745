import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../api/app.js';
import { createManualClock } from '../store/clock.js';
import { messagesInTopic } from '../store/messages/send.js';
import { ADMIN, MEMBER } from '../testing/accounts.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { callApp as call } from '../testing/level-client.js';
import { levelOf } from './index.js';

function appAt(level: number): App {
  return createApp({
    realm: preparedDevRealm(),
    featureLevel: level,
    clock: createManualClock(Date.UTC(2025, 0, 1)),
    seed: 1,
    logError: () => {},
  });
}

type Body = Record<string, unknown>;

async function register(app: App, params: Body, email = MEMBER): Promise<{ queue: string; body: Body }> {
  const res = await call(app, 'POST', 'register', params, email);
  expect(res.body.msg ?? '').toBe('');
  return { queue: res.body.queue_id as string, body: res.body };
}

async function events(app: App, queue: string, email = MEMBER): Promise<Body[]> {
  const res = await call(
    app,
    'GET',
    'events',
    { queue_id: queue, last_event_id: -1, dont_block: true },
    email,
  );
  expect(res.status).toBe(200);
  return (res.body.events as Body[]).filter((e) => e.type !== 'heartbeat');
}

const HOME_VIEW = levelOf('settings_web_home_view');
const DENSE_GONE = levelOf('dense_mode_removed');
const SORTED = levelOf('event_message_ids_sorted');

describe('default_view is renamed web_home_view at level 219', () => {
  /** PATCH /settings with both names; what is stored, answered and sent as events. */
  async function patchBoth(level: number) {
    const app = appAt(level);
    const { queue } = await register(app, { event_types: ['user_settings', 'update_display_settings'] });
    const params = {
      default_view: 'all_messages',
      escape_navigates_to_default_view: false,
      web_home_view: 'inbox',
      web_escape_navigates_to_home_view: false,
    };
    const res = await call(app, 'PATCH', 'settings', params);
    const settings = app.store.state.usersByEmail.get(MEMBER)!.settings;
    const sent = await events(app, queue);
    return {
      status: res.status,
      ignored: res.body.ignored_parameters_unsupported,
      stored: [settings.web_home_view, settings.web_escape_navigates_to_home_view],
      properties: sent.map((e) => e.property ?? e.setting_name),
    };
  }

  it('below 219 reads the old names as the setting and ignores the new ones', async () => {
    expect(await patchBoth(HOME_VIEW - 1)).toEqual({
      status: 200,
      ignored: ['web_escape_navigates_to_home_view', 'web_home_view'],
      stored: ['all_messages', false],
      properties: [
        'default_view',
        'default_view',
        'escape_navigates_to_default_view',
        'escape_navigates_to_default_view',
      ],
    });
  });

  it('from 219 reads the new names and ignores the old ones', async () => {
    expect(await patchBoth(HOME_VIEW)).toEqual({
      status: 200,
      ignored: ['default_view', 'escape_navigates_to_default_view'],
      stored: ['inbox', false],
      properties: [
        'web_home_view',
        'web_home_view',
        'web_escape_navigates_to_home_view',
        'web_escape_navigates_to_home_view',
      ],
    });
  });

  it('translates the old name for the organization defaults too, with the level name in the event', async () => {
    const defaults = async (level: number, name: string) => {
      const app = appAt(level);
      const { queue } = await register(app, { event_types: ['realm_user_settings_defaults'] }, ADMIN);
      const res = await call(app, 'PATCH', 'realm/user_settings_defaults', { [name]: 'all_messages' }, ADMIN);
      const sent = await events(app, queue, ADMIN);
      return [
        res.body.ignored_parameters_unsupported ?? [],
        app.store.state.userSettingsDefaults.web_home_view,
        sent.map((e) => e.property),
      ];
    };
    expect(await defaults(HOME_VIEW - 1, 'default_view')).toEqual([[], 'all_messages', ['default_view']]);
    expect(await defaults(HOME_VIEW - 1, 'web_home_view')).toEqual([['web_home_view'], 'recent', []]);
    expect(await defaults(HOME_VIEW, 'web_home_view')).toEqual([[], 'all_messages', ['web_home_view']]);
    expect(await defaults(HOME_VIEW, 'default_view')).toEqual([['default_view'], 'recent', []]);
  });
});

describe('dense_mode is a setting until level 364', () => {
  async function dense(level: number) {
    const app = appAt(level);
    const { queue, body } = await register(app, {
      fetch_event_types: ['user_settings'],
      event_types: ['user_settings'],
    });
    const before = (body.user_settings as Body).dense_mode;
    const res = await call(app, 'PATCH', 'settings', { dense_mode: false });
    const sent = await events(app, queue);
    const again = await register(app, { fetch_event_types: ['user_settings'] });
    return {
      before,
      ignored: res.body.ignored_parameters_unsupported ?? [],
      events: sent.map((e) => [e.property, e.value]),
      after: (again.body.user_settings as Body).dense_mode,
    };
  }

  it('below 364 is stored, sent in register and in a user_settings event', async () => {
    expect(await dense(DENSE_GONE - 1)).toEqual({
      before: true,
      ignored: [],
      events: [['dense_mode', false]],
      after: false,
    });
  });

  it('from 364 is ignored, absent from register and sends no event', async () => {
    expect(await dense(DENSE_GONE)).toEqual({
      before: undefined,
      ignored: ['dense_mode'],
      events: [],
      after: undefined,
    });
  });
});

describe('message_ids of update_message and delete_message are sorted from level 393', () => {
  /** A topic of a public channel with several messages that MEMBER has, and a private channel ADMIN is in and MEMBER is not. */
  function setting(app: App) {
    const { state } = app.store;
    const member = state.usersByEmail.get(MEMBER)!.user_id;
    const admin = state.usersByEmail.get(ADMIN)!.user_id;
    const target = [...state.channels.values()].find(
      (c) =>
        c.invite_only &&
        state.subscribers.get(c.stream_id)?.has(admin) &&
        !state.subscribers.get(c.stream_id)?.has(member),
    )!;
    let source: { streamId: number; topic: string; ids: readonly number[] } | undefined;
    for (const m of state.messages.values()) {
      if (m.stream_id === null || state.channels.get(m.stream_id)?.invite_only) continue;
      const ids = messagesInTopic(state, m.stream_id, m.topic);
      if (ids.length >= 3 && ids.every((id) => state.index.flags.get(member)?.has(id))) {
        source = { streamId: m.stream_id, topic: m.topic, ids };
        break;
      }
    }
    expect(target).toBeDefined();
    expect(source).toBeDefined();
    return { target, source: source! };
  }

  async function move(level: number) {
    const app = appAt(level);
    const { target, source } = setting(app);
    const edited = source.ids[1]!;
    const { queue } = await register(app, {
      event_types: ['update_message', 'delete_message'],
      client_capabilities: { bulk_message_deletion: true, notification_settings_null: false },
    });
    const quiet = {
      propagate_mode: 'change_all',
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
    };
    // A topic rename reaches MEMBER as update_message; the move to a channel they cannot read as delete_message.
    for (const change of [{ topic: 'renamed for the test' }, { stream_id: target.stream_id }]) {
      const res = await call(app, 'PATCH', `messages/${edited}`, { ...change, ...quiet }, ADMIN);
      expect(res.status).toBe(200);
    }
    const sent = await events(app, queue);
    const ascending = [...source.ids].sort((a, b) => a - b);
    return {
      ascending,
      editedFirst: [edited, ...ascending.filter((id) => id !== edited)],
      update: sent.find((e) => e.type === 'update_message')?.message_ids,
      delete: sent.find((e) => e.type === 'delete_message')?.message_ids,
    };
  }

  it('below 393 lists the edited message first, then the others', async () => {
    const seen = await move(SORTED - 1);
    expect(seen.editedFirst).not.toEqual(seen.ascending);
    expect([seen.update, seen.delete]).toEqual([seen.editedFirst, seen.editedFirst]);
  });

  it('from 393 lists them ascending', async () => {
    const seen = await move(SORTED);
    expect([seen.update, seen.delete]).toEqual([seen.ascending, seen.ascending]);
  });
});
