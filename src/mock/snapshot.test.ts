import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { createManualClock } from '../store/clock.js';
import { inputValidator } from '../schema/validator.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { assertValidResponse } from '../testing/schema-check.js';
import { MOCK_ORIGIN, TEST_START_MS, basicAuth } from '../testing/transports.js';
import { createMock, type Mock } from './create-mock.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary API bodies
type Body = Record<string, any>;
type Params = Record<string, unknown>;

/**
 * Messages are sent as an official client (a User-Agent starting with "Svc"): the sender's copy is then read, as
 * a fixture always has it. A message sent from another client stays unread for its sender, which the fixture
 * format cannot express (see the Persistence section of docs/serving.md).
 */
const USER_AGENT = 'SvcTest/1.0';

async function call(mock: Mock, email: string | null, method: string, path: string, params: Params = {}) {
  const encoded = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT };
  if (email) headers.Authorization = basicAuth(mock, email);
  const get = method === 'GET';
  if (!get) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const url = `${MOCK_ORIGIN}${path}${get && encoded ? `?${encoded}` : ''}`;
  const res = await mock.fetch(new Request(url, { method, headers, body: get ? undefined : encoded }));
  const body = (await res.json()) as Body;
  assertValidResponse(method, path, res.status, body);
  return { status: res.status, body };
}

/** Changes made through the API: one of each kind the fixture format holds. */
async function changeThings(mock: Mock): Promise<void> {
  const ok = async (email: string, method: string, path: string, params: Params = {}) => {
    const res = await call(mock, email, method, path, params);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const iago = 'iago@svc.test';
  const hamlet = 'hamlet@svc.test';
  const user = (email: string) => mock.store.state.usersByEmail.get(email)!.user_id;
  const sent = await ok(iago, 'POST', '/api/v1/messages', {
    type: 'stream',
    to: 'Verona',
    topic: 'snapshots',
    content: "Hello @**Cordelia, Lear's daughter**, see https://example.com",
  });
  const dm = await ok(hamlet, 'POST', '/api/v1/messages', {
    type: 'direct',
    to: [user('cordelia@svc.test'), user('othello@svc.test')],
    content: 'a group DM',
  });
  await ok(iago, 'PATCH', `/api/v1/messages/${sent.id}`, { content: 'Hello again, edited' });
  await ok(iago, 'PATCH', `/api/v1/messages/${sent.id}`, {
    topic: 'snapshots moved',
    propagate_mode: 'change_all',
  });
  await ok(hamlet, 'POST', `/api/v1/messages/${sent.id}/reactions`, { emoji_name: 'thumbs_up' });
  await ok(hamlet, 'POST', '/api/v1/messages/flags', {
    messages: [sent.id, dm.id],
    op: 'add',
    flag: 'starred',
  });
  await ok('cordelia@svc.test', 'POST', '/api/v1/messages/flags', {
    messages: [dm.id],
    op: 'add',
    flag: 'read',
  });
  const created = await ok(hamlet, 'POST', '/api/v1/users/me/subscriptions', {
    subscriptions: [{ name: 'snapshot-room', description: 'Where **state** is kept' }],
    principals: [user(hamlet), user('cordelia@svc.test')],
  });
  expect(created.subscribed).toBeDefined();
  await ok('cordelia@svc.test', 'POST', '/api/v1/users/me/subscriptions', {
    subscriptions: [{ name: 'Denmark' }],
  });
  const room = mock.store.state.channelsByName.get('snapshot-room')!.stream_id;
  await ok(hamlet, 'POST', '/api/v1/messages', {
    type: 'stream',
    to: room,
    topic: 'first',
    content: 'in the room',
  });
  await ok(hamlet, 'POST', '/api/v1/users/me/subscriptions/properties', {
    subscription_data: [{ stream_id: room, property: 'pin_to_top', value: true }],
  });
  await ok(hamlet, 'POST', '/api/v1/user_topics', { stream_id: room, topic: 'first', visibility_policy: 3 });
  await ok(hamlet, 'POST', '/api/v1/drafts', {
    drafts: [
      { type: 'stream', to: [room], topic: 'later', content: 'a draft', timestamp: TEST_START_MS / 1000 },
    ],
  });
  await ok(hamlet, 'POST', '/api/v1/scheduled_messages', {
    type: 'stream',
    to: room,
    topic: 'future',
    content: 'scheduled',
    scheduled_delivery_timestamp: TEST_START_MS / 1000 + 86_400,
  });
  await ok(hamlet, 'POST', '/api/v1/saved_snippets', { title: 'Greeting', content: 'Hello there' });
  const group = [...mock.store.state.groups.values()].find((g) => g.name === 'hamletcharacters')!;
  await ok(iago, 'POST', `/api/v1/user_groups/${group.id}/members`, { add: [user('prospero@svc.test')] });
  await ok(iago, 'POST', '/api/v1/user_groups/create', {
    name: 'snapshot-team',
    description: 'Made for the test',
    members: [user(hamlet)],
  });
  await ok(hamlet, 'PATCH', '/api/v1/settings', { twenty_four_hour_time: true, enter_sends: true });
  await ok(iago, 'PATCH', '/api/v1/realm/user_settings_defaults', { left_side_userlist: true });
  await ok(iago, 'POST', '/api/v1/realm/filters', {
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://tracker.example.com/{id}',
  });
  await ok(iago, 'DELETE', `/api/v1/users/${user('othello@svc.test')}`);
}

/** Every GET the API offers (and the register snapshot) that a user's state shows through. */
async function observe(mock: Mock, email: string): Promise<Body> {
  const seen: Body = {};
  const get = async (label: string, method: string, path: string, params: Params = {}) => {
    const res = await call(mock, email, method, path, params);
    expect(res.status, `${email} ${label}: ${JSON.stringify(res.body)}`).toBe(200);
    seen[label] = res;
    return res.body;
  };
  const narrows: Record<string, unknown[]> = {
    all: [],
    verona: [{ operator: 'channel', operand: 'Verona' }],
    topic: [
      { operator: 'channel', operand: 'Verona' },
      { operator: 'topic', operand: 'snapshots moved' },
    ],
    room: [{ operator: 'channel', operand: 'snapshot-room' }],
    dms: [{ operator: 'is', operand: 'dm' }],
    starred: [{ operator: 'is', operand: 'starred' }],
    unread: [{ operator: 'is', operand: 'unread' }],
    mentioned: [{ operator: 'is', operand: 'mentioned' }],
    sender: [{ operator: 'sender', operand: 'iago@svc.test' }],
    search: [{ operator: 'search', operand: 'hello' }],
    link: [{ operator: 'has', operand: 'link' }],
    channels: [{ operator: 'channels', operand: 'public' }],
  };
  for (const [name, narrow] of Object.entries(narrows)) {
    await get(`messages ${name}`, 'GET', '/api/v1/messages', {
      anchor: 'newest',
      num_before: 5000,
      num_after: 0,
      narrow,
    });
  }
  await get('users', 'GET', '/api/v1/users');
  await get('streams', 'GET', '/api/v1/streams', { include_all: true, include_default: true });
  await get('subscriptions', 'GET', '/api/v1/users/me/subscriptions', { include_subscribers: true });
  await get('user groups', 'GET', '/api/v1/user_groups');
  await get('drafts', 'GET', '/api/v1/drafts');
  await get('scheduled', 'GET', '/api/v1/scheduled_messages');
  await get('snippets', 'GET', '/api/v1/saved_snippets');
  await get('linkifiers', 'GET', '/api/v1/realm/linkifiers');
  await get('me', 'GET', '/api/v1/users/me');
  const verona = mock.store.state.channelsByName.get('verona')!.stream_id;
  await get('topics', 'GET', `/api/v1/users/me/${verona}/topics`);
  const registered = await get('register', 'POST', '/api/v1/register', {});
  delete registered.queue_id;
  return seen;
}

const USERS = [
  'iago@svc.test',
  'hamlet@svc.test',
  'cordelia@svc.test',
  'polonius@svc.test',
  'desdemona@svc.test',
];

describe('snapshots', () => {
  let mock: Mock;
  let server: RunningServer;

  beforeAll(async () => {
    mock = createMock({
      realm: preparedDevRealm(),
      clock: createManualClock(TEST_START_MS),
      logError: () => {},
    });
    await changeThings(mock);
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('after a series of changes, a new mock from the snapshot answers every GET as the original does', async () => {
    const copy = createMock({ realm: mock.snapshot(), clock: createManualClock(TEST_START_MS) });
    for (const email of USERS) {
      const before = await observe(mock, email);
      const after = await observe(copy, email);
      for (const key of Object.keys(before)) expect(after[key], `${email}: ${key}`).toEqual(before[key]);
    }
  });

  it('GET /svc-mock/snapshot over HTTP answers the fixture itself, valid against realm.json', async () => {
    const res = await fetch(`${server.url}/svc-mock/snapshot`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Body;
    expect(body.result).toBeUndefined();
    const validate = inputValidator('realm.json');
    expect(validate(structuredClone(body)), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(body).toEqual(JSON.parse(JSON.stringify(mock.snapshot())));
    expect(body.channels.map((c: Body) => c.name)).toContain('snapshot-room');
  });

  it('POST /svc-mock/restore takes a snapshot back; new ids continue after the exported ones', async () => {
    const other = createMock({ realm: preparedDevRealm(), clock: createManualClock(TEST_START_MS) });
    const snapshot = (await (await fetch(`${server.url}/svc-mock/snapshot`)).json()) as Body;
    const res = await other.fetch(
      new Request(`${MOCK_ORIGIN}/svc-mock/restore`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(snapshot),
      }),
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(other.snapshot())).toBe(JSON.stringify(mock.snapshot()));
    const max = (ids: number[]) => Math.max(...ids);
    const sent = await call(other, 'hamlet@svc.test', 'POST', '/api/v1/messages', {
      type: 'stream',
      to: 'snapshot-room',
      topic: 'after restore',
      content: 'new',
    });
    expect(sent.body.id).toBeGreaterThan(max(snapshot.messages.map((m: Body) => m.id)));
    const group = await call(other, 'iago@svc.test', 'POST', '/api/v1/user_groups/create', {
      name: 'after-restore',
      description: '',
      members: [],
    });
    expect(group.body.group_id).toBeGreaterThan(max(snapshot.user_groups.map((g: Body) => g.id)));
    const draft = await call(other, 'hamlet@svc.test', 'POST', '/api/v1/drafts', {
      drafts: [{ type: '', to: [], topic: '', content: 'x', timestamp: TEST_START_MS / 1000 }],
    });
    expect(draft.body.ids[0]).toBeGreaterThan(max(snapshot.drafts.map((d: Body) => d.id)));
    const scheduled = await call(other, 'hamlet@svc.test', 'POST', '/api/v1/scheduled_messages', {
      type: 'stream',
      to: other.store.state.channelsByName.get('snapshot-room')!.stream_id,
      topic: 'x',
      content: 'later',
      scheduled_delivery_timestamp: TEST_START_MS / 1000 + 7200,
    });
    expect(scheduled.body.scheduled_message_id).toBeGreaterThan(
      max(snapshot.scheduled_messages.map((s: Body) => s.scheduled_message_id)),
    );
  });

  it('GET /svc-mock/snapshot is an unknown endpoint when control is off', async () => {
    const closed = createMock({ realm: preparedDevRealm(), control: false });
    const res = await closed.fetch(new Request(`${MOCK_ORIGIN}/svc-mock/snapshot`));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});
