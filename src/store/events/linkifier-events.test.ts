import { describe, expect, it } from 'vitest';
import { LevelApps } from '../../testing/level-client.js';

const IAGO = 'iago@svc.test';
const apps = new LevelApps();

/** The linkifiers of the realm_linkifiers event a queue with the capability gets for a new linkifier. */
async function eventLinkifiers(level: number, pattern: string): Promise<Array<Record<string, unknown>>> {
  const capabilities = { notification_settings_null: true, linkifier_url_template: true };
  const queue = await apps.call(level, IAGO, 'POST', '/register', {
    event_types: ['realm_linkifiers'],
    client_capabilities: capabilities,
  });
  await apps.call(level, IAGO, 'POST', '/realm/filters', { pattern, url_template: 'https://x.example/{id}' });
  const { events } = await apps.call(level, IAGO, 'GET', '/events', {
    queue_id: queue.queue_id,
    last_event_id: -1,
    dont_block: true,
  });
  const [event] = events as Array<{ type: string; realm_linkifiers: Array<Record<string, unknown>> }>;
  expect(event!.type).toBe('realm_linkifiers');
  return event!.realm_linkifiers;
}

describe('realm_linkifiers events carry the linkifier fields of the feature level', () => {
  it('leave out example_input, reverse_template and alternative_url_templates below level 471', async () => {
    const linkifiers = await eventLinkifiers(435, 'OLD-(?P<id>[0-9]+)');
    expect(linkifiers.length).toBeGreaterThan(0);
    for (const l of linkifiers) {
      expect(Object.keys(l).sort()).toEqual(['id', 'pattern', 'url_template']);
    }
  });

  it('carry example_input and reverse_template from 471, alternative_url_templates from 478', async () => {
    const at471 = await eventLinkifiers(471, 'MID-(?P<id>[0-9]+)');
    expect(at471.every((l) => 'example_input' in l && 'reverse_template' in l)).toBe(true);
    expect(at471.some((l) => 'alternative_url_templates' in l)).toBe(false);
    const at478 = await eventLinkifiers(478, 'NEW-(?P<id>[0-9]+)');
    expect(at478.every((l) => Array.isArray(l.alternative_url_templates))).toBe(true);
  });
});
