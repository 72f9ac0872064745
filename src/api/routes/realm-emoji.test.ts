import { expect, it } from 'vitest';
import { createApp } from '../app.js';
import { exportRealm } from '../../store/export-realm.js';
import { loadRealm } from '../../store/load-realm.js';
import { createManualClock } from '../../store/clock.js';
import { createRandom } from '../../store/random.js';
import { ADMIN, GUEST, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { assertValidResponse } from '../../testing/schema-check.js';
import { describeTransports, type TransportContext } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

/** The 8-byte PNG signature and a few more bytes: enough for the mock, which stores what it gets. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0x00]);
const BOT = 'default-bot@svc.test';

/** A multipart body with the given files (field → [bytes, type]) and text fields, as one byte array. */
async function multipart(
  files: Array<[string, Uint8Array, string]>,
  fields: Record<string, string> = {},
): Promise<{ body: Uint8Array; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, bytes, type] of files)
    form.append(field, new Blob([bytes as BlobPart], { type }), `${field}.bin`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

function authOf(t: TransportContext, email: string): string {
  const user = t.app.store.state.usersByEmail.get(email.toLowerCase())!;
  return `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`;
}

/** POSTs /realm/emoji/{name} with a multipart body; the answer is checked against the schemas. */
async function upload(
  t: TransportContext,
  email: string,
  name: string,
  files: Array<[string, Uint8Array, string]> = [['f1', PNG, 'image/png']],
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Ev }> {
  const { body, type } = await multipart(files, fields);
  const path = `/api/v1/realm/emoji/${encodeURIComponent(name)}`;
  const response = await t.raw(path, {
    method: 'POST',
    headers: { authorization: authOf(t, email), 'content-type': type },
    body: body as BodyInit,
  });
  const json = (await response.json()) as Ev;
  assertValidResponse('POST', path, response.status, json, t.app.store.featureLevel);
  return { status: response.status, body: json };
}

describeTransports('custom emoji', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email.toLowerCase())!.user_id;
  const emojiState = () => JSON.stringify([...t().app.store.state.realmEmoji.values()]);

  it('lists every custom emoji, deactivated ones included, keyed by id string', async () => {
    const res = await t().as(GUEST).get('realm/emoji');
    expect(res.status).toBe(200);
    expect(res.body.emoji).toEqual({
      '1': {
        id: '1',
        name: 'green_tick',
        source_url: '/user_avatars/2/emoji/images/1.png',
        still_url: null,
        deactivated: false,
        author_id: idOf(ADMIN),
      },
      '2': {
        id: '2',
        name: 'old_logo',
        source_url: '/user_avatars/2/emoji/images/2.png',
        still_url: null,
        deactivated: true,
        author_id: idOf(MEMBER),
      },
    });
  });

  it('adds an uploaded emoji, serves its image at source_url and sends the whole map to everyone', async () => {
    const res = await upload(t(), MEMBER, ' party time ');
    expect(res).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    const listed = (await t().as(MEMBER2).get('realm/emoji')).body.emoji;
    expect(listed['3']).toEqual({
      id: '3',
      name: 'party_time',
      source_url: '/user_avatars/2/emoji/images/3.png',
      still_url: null,
      deactivated: false,
      author_id: idOf(MEMBER),
    });
    const image = await t().raw('/user_avatars/2/emoji/images/3.png');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const [event] = events('realm_emoji');
    // The $emoji hint is what queues with individual_emoji_changes (level 491) receive instead.
    expect(event).toEqual({
      users: t().app.store.activeUserIds(),
      type: 'realm_emoji',
      op: 'update',
      realm_emoji: listed,
      $emoji: { type: 'realm_emoji', op: 'add', emoji: listed['3'] },
    });
    expect(events('realm_emoji')).toHaveLength(1);
  });

  it('delivers realm_emoji/update through event queues, in the event schema', async () => {
    const reg = await t()
      .as(MEMBER2)
      .post('register', { event_types: ['realm_emoji'] });
    await upload(t(), MEMBER, 'queued');
    const res = await t()
      .as(MEMBER2)
      .get('events', { queue_id: reg.body.queue_id, last_event_id: -1, dont_block: true });
    const emoji = (await t().as(MEMBER2).get('realm/emoji')).body.emoji;
    expect(res.body.events).toEqual([{ id: 0, type: 'realm_emoji', op: 'update', realm_emoji: emoji }]);
  });

  it('lists text fields sent beside the file as ignored parameters, never the file', async () => {
    const res = await upload(t(), MEMBER, 'note', [['file-0', PNG, 'image/png']], { colour: 'red' });
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['colour'] });
  });

  it('draws a placeholder for a fixture emoji without an image and 404s for unknown files', async () => {
    const image = await t().raw('/user_avatars/2/emoji/images/1.png');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<title>green_tick</title>');
    expect((await t().raw('/user_avatars/2/emoji/images/9.png')).status).toBe(404);
    expect((await t().raw('/user_avatars/2/emoji/images/1.gif')).status).toBe(404);
    expect((await t().raw('/user_avatars/7/emoji/images/1.png')).status).toBe(404);
  });

  it('lets a deactivated name be used again', async () => {
    expect((await upload(t(), MEMBER2, 'old_logo')).status).toBe(200);
    const names = Object.values((await t().as(MEMBER).get('realm/emoji')).body.emoji as Ev).map((e) => [
      e.name,
      e.deactivated,
    ]);
    expect(names).toContainEqual(['old_logo', true]);
    expect(names).toContainEqual(['old_logo', false]);
  });

  const refusals: Array<[string, string, string, Array<[string, Uint8Array, string]> | undefined, string]> = [
    ['a guest', GUEST, 'nice_one', undefined, 'Not allowed for guest users'],
    ['a bot', BOT, 'nice_one', undefined, 'This endpoint does not accept bot requests.'],
    ['a blank name', MEMBER, '   ', undefined, 'Emoji name is missing'],
    [
      'an upper-case name',
      MEMBER,
      'Party',
      undefined,
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    ],
    [
      'a name ending in an underscore',
      MEMBER,
      'party_',
      undefined,
      'Emoji names must end with either a letter or digit.',
    ],
    [
      'the name of an active emoji',
      MEMBER,
      'green_tick',
      undefined,
      'A custom emoji with this name already exists.',
    ],
    ['no file', MEMBER, 'nice_one', [], 'You must upload exactly one file.'],
    [
      'two files',
      MEMBER,
      'nice_one',
      [
        ['a', PNG, 'image/png'],
        ['b', PNG, 'image/png'],
      ],
      'You must upload exactly one file.',
    ],
    [
      'a member shadowing a built-in emoji',
      MEMBER,
      'smile',
      undefined,
      'Only administrators can override built-in emoji.',
    ],
    ['a file that is not an image', MEMBER, 'nice_one', [['f', PNG, 'text/plain']], 'Invalid image format'],
  ];
  for (const [what, who, name, files, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = emojiState();
      const res = await upload(t(), who, name, files);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
      expect(res.body.code).toBe(msg === 'Invalid image format' ? 'BAD_IMAGE' : 'BAD_REQUEST');
      expect(emojiState()).toBe(before);
      expect(events('realm_emoji')).toEqual([]);
    });
  }

  it('lets an administrator shadow a built-in emoji', async () => {
    expect((await upload(t(), ADMIN, 'smile')).status).toBe(200);
  });

  it("follows the realm's can_add_custom_emoji_group", async () => {
    const { state } = t().app.store;
    state.settings.can_add_custom_emoji_group = state.systemGroupIds.get('role:administrators')!;
    const res = await upload(t(), MEMBER, 'nice_one');
    expect(res.body.msg).toBe('Insufficient permission');
    expect((await upload(t(), ADMIN, 'nice_one')).status).toBe(200);
  });

  it('deactivates an emoji for its author or an administrator, and 404s for missing ones', async () => {
    await upload(t(), MEMBER, 'mine');
    const notAuthor = await t().as(MEMBER2).delete('realm/emoji/mine');
    expect(notAuthor.body.msg).toBe('Must be an organization administrator or emoji author');
    expect(events('realm_emoji')).toHaveLength(1);
    expect((await t().as(MEMBER).delete('realm/emoji/mine')).status).toBe(200);
    expect((await t().as(ADMIN).delete('realm/emoji/green_tick')).status).toBe(200);
    const emoji = (await t().as(MEMBER).get('realm/emoji')).body.emoji;
    expect([emoji['1'].deactivated, emoji['3'].deactivated]).toEqual([true, true]);
    expect(events('realm_emoji').map((e) => e.realm_emoji)).toEqual([
      expect.anything(),
      expect.objectContaining({ '3': expect.objectContaining({ deactivated: true }) }),
      emoji,
    ]);
    for (const name of ['nope', 'old_logo', 'mine']) {
      const res = await t().as(ADMIN).delete(`realm/emoji/${name}`);
      expect([res.status, res.body.code, res.body.msg]).toEqual([
        404,
        'BAD_REQUEST',
        `Emoji '${name}' does not exist`,
      ]);
    }
    expect(events('realm_emoji')).toHaveLength(3);
  });

  it('takes custom-emoji reactions by id, refusing deactivated and unknown ones', async () => {
    const hamlet = idOf(MEMBER);
    const messageId = t().app.store.state.index.byUser.get(hamlet)![0]!;
    const react = (params: Record<string, string>) =>
      t()
        .as(MEMBER)
        .post(`messages/${messageId}/reactions`, { reaction_type: 'realm_emoji', ...params });
    expect((await react({ emoji_name: 'green_tick', emoji_code: '1' })).status).toBe(200);
    expect((await react({ emoji_name: 'old_logo', emoji_code: '2' })).body.msg).toBe(
      'This custom emoji has been deactivated.',
    );
    expect((await react({ emoji_name: 'nothing', emoji_code: '99' })).body.msg).toBe('Invalid custom emoji.');
    expect((await react({ emoji_name: 'old_logo', emoji_code: '1' })).body.msg).toBe(
      'Invalid custom emoji name.',
    );
    expect((await react({ emoji_name: 'nothing' })).body.msg).toBe("Emoji 'nothing' does not exist");
    await upload(t(), MEMBER2, 'fresh');
    expect((await react({ emoji_name: 'fresh', emoji_code: '3' })).status).toBe(200);
    const reactions = t()
      .app.store.state.messages.get(messageId)!
      .reactions.filter((r) => r.user_id === hamlet);
    expect(reactions.map((r) => [r.emoji_name, r.emoji_code, r.reaction_type])).toEqual(
      expect.arrayContaining([
        ['green_tick', '1', 'realm_emoji'],
        ['fresh', '3', 'realm_emoji'],
      ]),
    );
    const removed = await t()
      .as(MEMBER)
      .delete(`messages/${messageId}/reactions`, { emoji_code: '3', reaction_type: 'realm_emoji' });
    expect(removed.status).toBe(200);
  });

  it("gives register's realm_emoji the same map as GET /realm/emoji, without stored images", async () => {
    await upload(t(), MEMBER, 'snap');
    const reg = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['realm_emoji'] });
    expect(reg.body.realm_emoji).toEqual((await t().as(MEMBER).get('realm/emoji')).body.emoji);
    expect(JSON.stringify(reg.body)).not.toContain('data_base64');
  });
});

it('answers 400 for a missing emoji below feature level 190, as those servers did', async () => {
  const app = createApp({ realm: preparedDevRealm(), featureLevel: 189, logError: () => {} });
  const iago = app.store.state.usersByEmail.get(ADMIN)!;
  const response = await app.fetch(
    new Request('http://localhost/api/v1/realm/emoji/nope', {
      method: 'DELETE',
      headers: { authorization: `Basic ${btoa(`${iago.delivery_email}:${iago.api_key}`)}` },
    }),
  );
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', msg: "Emoji 'nope' does not exist" });
});

it('keeps uploaded emoji images through an export and a reload', async () => {
  const app = createApp({ realm: preparedDevRealm(), logError: () => {} });
  const hamlet = app.store.state.usersByEmail.get(MEMBER)!;
  const { body, type } = await multipart([['f', PNG, 'image/gif']]);
  const res = await app.fetch(
    new Request('http://localhost/api/v1/realm/emoji/kept', {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${hamlet.delivery_email}:${hamlet.api_key}`)}`,
        'content-type': type,
      },
      body: body as BodyInit,
    }),
  );
  expect(res.status).toBe(200);
  const exported = exportRealm(app.store);
  const reloaded = loadRealm(JSON.parse(JSON.stringify(exported)), {
    clock: createManualClock(0),
    random: createRandom(1),
    featureLevel: app.store.featureLevel,
  });
  expect(reloaded.state.realmEmoji.get(3)).toEqual(app.store.state.realmEmoji.get(3));
  expect(reloaded.state.realmEmoji.get(3)!.source_url).toBe('/user_avatars/2/emoji/images/3.gif');
  const again = createApp({ realm: exported, logError: () => {} });
  const image = await again.fetch(new Request('http://localhost/user_avatars/2/emoji/images/3.gif'));
  expect(image.headers.get('content-type')).toBe('image/gif');
  expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
});
