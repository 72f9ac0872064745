/** A small hand-made render context for the Markdown unit tests (no store involved). */
import type { RenderContext } from '../markdown/context.js';

const USERS = [
  { user_id: 10, full_name: 'King Hamlet' },
  { user_id: 11, full_name: 'Iago' },
  { user_id: 12, full_name: 'Othello, the Moor of Venice' },
  { user_id: 15, full_name: 'Polonius' },
];
const GROUPS = [
  { id: 17, name: 'hamletcharacters', members: [10, 11], subgroups: [] as number[] },
  { id: 18, name: 'core', members: [15], subgroups: [19] },
  { id: 19, name: 'leadership', members: [12], subgroups: [17] },
];
const CHANNELS = [
  { stream_id: 3, name: 'Denmark' },
  { stream_id: 2, name: 'core team' },
];

/** Every member of a test group, through subgroups. */
function members(id: number, seen = new Set<number>()): number[] {
  const group = GROUPS.find((g) => g.id === id);
  if (!group || seen.has(id)) return [];
  seen.add(id);
  return [...group.members, ...group.subgroups.flatMap((s) => members(s, seen))];
}

/** Users 10 King Hamlet, 11 Iago, 12 Othello…, 15 Polonius; groups 17-19; channels Denmark (3), core team (2). */
export function testRenderContext(overrides: Partial<RenderContext> = {}): RenderContext {
  return {
    realmUrl: 'http://localhost:9991',
    userByName: (name) => USERS.find((u) => u.full_name.toLowerCase() === name.toLowerCase()),
    userById: (id) => USERS.find((u) => u.user_id === id),
    groupByName: (name) => GROUPS.find((g) => g.name.toLowerCase() === name.toLowerCase()),
    groupMemberIds: (id) => new Set(members(id)),
    channelByName: (name) => CHANNELS.find((c) => c.name.toLowerCase() === name.toLowerCase()),
    realmEmoji: (name) =>
      name === 'green_tick' ? { id: 1, name, source_url: '/user_avatars/2/emoji/images/1.png' } : undefined,
    linkifiers: [
      { pattern: '#(?<id>[0-9]+)', url_template: 'https://github.com/svc/svc/issues/{id}' },
      { pattern: 'RFC (?<rfc>[0-9]+)', url_template: 'https://datatracker.ietf.org/doc/html/rfc{rfc}' },
    ],
    ...overrides,
  };
}
