import { describe, expect, it } from 'vitest';
import { LevelApps } from '../testing/level-client.js';

const AARON = 'AARON@svc.test';
const apps = new LevelApps();

/** The caller's web_home_view as a new register shows it. */
async function homeView(level: number): Promise<unknown> {
  const body = await apps.call(level, AARON, 'POST', '/register', { fetch_event_types: ['user_settings'] });
  return (body.user_settings as Record<string, unknown>).web_home_view;
}

describe('the legacy settings routes read parameters as PATCH /settings at the same level', () => {
  it.each(['/settings/display', '/settings/notifications'])(
    'PATCH %s takes "recent_topics" below level 454, as PATCH /settings does',
    async (path) => {
      await apps.call(435, AARON, 'PATCH', '/settings', { web_home_view: 'inbox' });
      const { status, body } = await apps.send(435, AARON, 'PATCH', path, { web_home_view: 'recent_topics' });
      expect({ status, body }).toEqual({ status: 200, body: { result: 'success', msg: '' } });
      expect(await homeView(435)).toBe('recent_topics');
    },
  );

  it.each(['/settings/display', '/settings/notifications'])(
    'PATCH %s reads default_view as web_home_view below level 219, as PATCH /settings does',
    async (path) => {
      const { status, body } = await apps.send(200, AARON, 'PATCH', path, { default_view: 'all_messages' });
      expect({ status, body }).toEqual({ status: 200, body: { result: 'success', msg: '' } });
      const settings = await apps.call(200, AARON, 'POST', '/register', {
        fetch_event_types: ['user_settings'],
      });
      expect((settings.user_settings as Record<string, unknown>).default_view).toBe('all_messages');
    },
  );
});
