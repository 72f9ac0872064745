/** web_home_view's recent view: "recent" from level 454, "recent_topics" below, in answers, events and input. */
import { describe, expect, it } from 'vitest';
import { LevelApps } from '../../testing/level-client.js';
import { levelOf } from '../../versions/index.js';

const HAMLET = 'hamlet@svc.test';
const FROM = levelOf('web_home_view_recent');
const CAPABILITIES = { notification_settings_null: true, user_settings_object: true };

async function homeView(level: number, value: string) {
  const apps = new LevelApps();
  const user = apps.at(level).store.state.usersByEmail.get(HAMLET)!;
  (user.settings as Record<string, unknown>).web_home_view = 'inbox';
  const queue = await apps.call(level, HAMLET, 'POST', '/register', {
    event_types: ['user_settings'],
    client_capabilities: CAPABILITIES,
  });
  const patched = await apps.send(level, HAMLET, 'PATCH', '/settings', { web_home_view: value });
  const events = (
    await apps.call(level, HAMLET, 'GET', '/events', {
      queue_id: queue.queue_id,
      last_event_id: -1,
      dont_block: true,
    })
  ).events as Array<Record<string, unknown>>;
  const after = await apps.call(level, HAMLET, 'POST', '/register', {
    fetch_event_types: ['user_settings', 'realm_user_settings_defaults'],
    client_capabilities: CAPABILITIES,
  });
  return {
    status: patched.status,
    events: events.map((e) => e.value),
    sent: (after.user_settings as Record<string, unknown>).web_home_view,
    defaults: (after.realm_user_settings_defaults as Record<string, unknown>).web_home_view,
  };
}

describe(`web_home_view "recent" (level ${FROM})`, () => {
  it(`reads and sends "recent" at ${FROM} and refuses "recent_topics"`, async () => {
    expect(await homeView(FROM, 'recent')).toEqual({
      status: 200,
      events: ['recent'],
      sent: 'recent',
      defaults: 'recent',
    });
    expect((await homeView(FROM, 'recent_topics')).status).toBe(400);
  });

  it(`reads and sends "recent_topics" at ${FROM - 1} and refuses "recent"`, async () => {
    expect(await homeView(FROM - 1, 'recent_topics')).toEqual({
      status: 200,
      events: ['recent_topics'],
      sent: 'recent_topics',
      defaults: 'recent_topics',
    });
    expect((await homeView(FROM - 1, 'recent')).status).toBe(400);
  });
});
