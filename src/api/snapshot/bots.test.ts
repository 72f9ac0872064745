/** realm_bots in POST /register and the realm_bot events that keep it current, on every transport. */
import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, OWNER } from '../../testing/accounts.js';
import { applyEvent } from '../../testing/apply-event.js';
import { describeTransports, type TestClient } from '../../testing/transports.js';
import { BEHAVIOURS, NEWEST_FEATURE_LEVEL } from '../../versions/index.js';

/** The last level whose bot objects carry e-mail, name, type, state, key, owner and avatar. */
const LEGACY_BOT_LEVEL = BEHAVIOURS.bot_user_fields.until - 1;

/** The dev realm's bots: Hamlet owns the default bot, Zoe the incoming-webhook bot. */
const DEFAULT_BOT = 16;
const WEBHOOK_BOT = 17;
const ZOE = 'zoe@svc.test';

type Row = Record<string, unknown>;

describeTransports(
  `POST /register realm_bots and realm_bot events at ${LEGACY_BOT_LEVEL}`,
  (t) => {
    const bots = async (email: string): Promise<Row[]> => {
      const res = await t()
        .as(email)
        .post('register', { fetch_event_types: ['realm_bot'] });
      expect(res.status).toBe(200);
      return res.body.realm_bots as Row[];
    };
    const queueOf = async (client: TestClient, types = ['realm_bot']) =>
      (await client.post('register', { event_types: types })).body.queue_id as string;
    const eventsOf = async (client: TestClient, queueId: string): Promise<Row[]> => {
      const res = await client.get('events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      expect(res.status).toBe(200);
      return res.body.events as Row[];
    };

    it('gives administrators every bot of the organization with its owner, key and defaults, and no system bot', async () => {
      const all = await bots(ADMIN);
      expect(all.map((b) => b.user_id)).toEqual([DEFAULT_BOT, WEBHOOK_BOT]);
      const record = t().app.store.state.users.get(DEFAULT_BOT)!;
      expect(all[0]).toEqual({
        email: 'default-bot@svc.test',
        user_id: DEFAULT_BOT,
        full_name: record.full_name,
        bot_type: 1,
        is_active: true,
        api_key: record.api_key,
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        owner_id: record.bot_owner_id,
        avatar_url: expect.stringMatching(
          /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon/,
        ),
        services: [],
      });
      expect(all[1]).toMatchObject({ bot_type: 2, owner_id: 7 });
      expect(await bots(OWNER)).toEqual(all);
    });

    it('gives a member only the bots they own, and a guest or a member without bots none', async () => {
      expect((await bots(MEMBER)).map((b) => b.user_id)).toEqual([DEFAULT_BOT]);
      expect((await bots(ZOE)).map((b) => b.user_id)).toEqual([WEBHOOK_BOT]);
      expect(await bots(MEMBER2)).toEqual([]);
      expect(await bots(GUEST)).toEqual([]);
    });

    it('lists a bot the administrators transferred to a guest for nobody but the administrators', async () => {
      t().app.store.state.users.get(DEFAULT_BOT)!.bot_owner_id =
        t().app.store.state.usersByEmail.get(GUEST)!.user_id;
      expect(await bots(GUEST)).toEqual([]);
      expect(await bots(MEMBER)).toEqual([]);
      expect((await bots(ADMIN)).map((b) => b.user_id)).toContain(DEFAULT_BOT);
      // Nor does the guest hear of the bot's changes.
      const guest = t().as(GUEST);
      const queue = await queueOf(guest);
      expect((await t().as(ADMIN).patch(`users/${DEFAULT_BOT}`, { full_name: 'Guest Bot' })).status).toBe(
        200,
      );
      expect(await eventsOf(guest, queue)).toEqual([]);
    });

    it('sends realm_bot/update of a bot renamed by an administrator to its owner and the administrators only', async () => {
      const owner = t().as(MEMBER);
      const admin = t().as(ADMIN);
      const other = t().as(MEMBER2);
      const [ownerQ, adminQ, otherQ] = [await queueOf(owner), await queueOf(admin), await queueOf(other)];
      const res = await admin.patch(`users/${DEFAULT_BOT}`, { full_name: 'Renamed Bot' });
      expect(res.status).toBe(200);
      const expected = [
        { id: 0, type: 'realm_bot', op: 'update', bot: { user_id: DEFAULT_BOT, full_name: 'Renamed Bot' } },
      ];
      expect(await eventsOf(owner, ownerQ)).toEqual(expected);
      expect(await eventsOf(admin, adminQ)).toEqual(expected);
      expect(await eventsOf(other, otherQ)).toEqual([]);
      expect((await bots(MEMBER))[0]!.full_name).toBe('Renamed Bot');
    });

    it('sends no realm_bot event for a human renamed or a bot whose role changes (realm_user carries those)', async () => {
      const admin = t().as(ADMIN);
      const queue = await queueOf(admin, ['realm_bot', 'realm_user']);
      const hamlet = t().app.store.state.usersByEmail.get(MEMBER)!.user_id;
      expect((await admin.patch(`users/${hamlet}`, { full_name: 'Hamlet Renamed' })).status).toBe(200);
      expect((await admin.patch(`users/${DEFAULT_BOT}`, { role: 300 })).status).toBe(200);
      const events = await eventsOf(admin, queue);
      expect(events.map((e) => `${String(e.type)}/${String(e.op)}`)).toEqual([
        'realm_user/update',
        'realm_user/update',
      ]);
    });

    it("sends realm_bot/update is_active when the owner's deactivation takes the bot along and when it is reactivated", async () => {
      const admin = t().as(ADMIN);
      const before = (
        await admin.post('register', {
          event_types: ['realm_bot'],
          client_capabilities: { notification_settings_null: true },
        })
      ).body;
      const zoe = t().app.store.state.usersByEmail.get(ZOE)!.user_id;
      expect((await admin.delete(`users/${zoe}`)).status).toBe(200);
      const deactivated = await bots(ADMIN);
      expect(deactivated.find((b) => b.user_id === WEBHOOK_BOT)).toMatchObject({ is_active: false });
      expect((await admin.post(`users/${WEBHOOK_BOT}/reactivate`)).status).toBe(200);
      const events = await eventsOf(admin, before.queue_id as string);
      expect(events.map((e) => e.bot)).toEqual([
        { user_id: WEBHOOK_BOT, is_active: false },
        { user_id: WEBHOOK_BOT, is_active: true },
      ]);
      // A client that applies the events holds what a fresh registration says.
      const state = structuredClone(before);
      for (const event of events) applyEvent(state, event);
      expect(state.realm_bots).toEqual(await bots(ADMIN));
    });

    it('sends the bots to a logged-out spectator as an empty list, with no embedded or webhook bot kinds', async () => {
      const res = await t().anonymous.post('register', {
        fetch_event_types: ['realm_bot', 'realm_embedded_bots', 'realm_incoming_webhook_bots'],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        realm_bots: [],
        realm_embedded_bots: [],
        realm_incoming_webhook_bots: [],
      });
    });
  },
  { featureLevel: LEGACY_BOT_LEVEL },
);

describeTransports(
  'POST /register realm_bots and realm_bot events from level 474 (the user object carries the rest)',
  (t) => {
    const bots = async (email: string): Promise<Row[]> =>
      (
        await t()
          .as(email)
          .post('register', { fetch_event_types: ['realm_bot'] })
      ).body.realm_bots as Row[];
    const eventsOf = async (client: TestClient, queueId: string): Promise<Row[]> =>
      (await client.get('events', { queue_id: queueId, last_event_id: -1, dont_block: true })).body
        .events as Row[];

    it('lists each bot with its id, default channels and services only', async () => {
      const all = await bots(ADMIN);
      expect(all.map((b) => b.user_id)).toEqual([DEFAULT_BOT, WEBHOOK_BOT]);
      expect(all[0]).toEqual({
        user_id: DEFAULT_BOT,
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        services: [],
      });
      expect((await bots(MEMBER)).map((b) => b.user_id)).toEqual([DEFAULT_BOT]);
    });

    it('sends realm_user/update and no realm_bot event when a bot is renamed, deactivated or reactivated', async () => {
      const admin = t().as(ADMIN);
      const queue = (await admin.post('register', { event_types: ['realm_bot', 'realm_user'] })).body
        .queue_id as string;
      expect((await admin.patch(`users/${DEFAULT_BOT}`, { full_name: 'Renamed Bot' })).status).toBe(200);
      const zoe = t().app.store.state.usersByEmail.get(ZOE)!.user_id;
      expect((await admin.delete(`users/${zoe}`)).status).toBe(200);
      expect((await admin.post(`users/${WEBHOOK_BOT}/reactivate`)).status).toBe(200);
      const events = await eventsOf(admin, queue);
      expect(events.filter((e) => e.type === 'realm_bot')).toEqual([]);
      expect(events.map((e) => e.person)).toEqual(
        expect.arrayContaining([
          { user_id: DEFAULT_BOT, full_name: 'Renamed Bot' },
          { user_id: WEBHOOK_BOT, is_active: false },
          { user_id: WEBHOOK_BOT, is_active: true },
        ]),
      );
    });
  },
  { featureLevel: NEWEST_FEATURE_LEVEL },
);
