/** realm_bot events by feature level: remove/add before 222, update {is_active} from 222. */
import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../testing/apply-event.js';
import { LevelApps } from '../../testing/level-client.js';
import { assertValidResponse } from '../../testing/schema-check.js';
import { checkValidator } from '../../schema/validator.js';
import { levelOf } from '../../versions/index.js';

const IAGO = 'iago@svc.test';
const WEBHOOK_BOT = 17;
const ZOE = 7;
const FROM = levelOf('user_active_update_event');

type Row = Record<string, unknown>;

/** Deactivates Zoe (taking her bot along) and reactivates the bot; the administrator's snapshot and events. */
async function deactivateAndReactivate(level: number) {
  const apps = new LevelApps();
  // Every answer, the events included, must match the level's schemas.
  const send = async (method: string, path: string, params: Record<string, unknown> = {}) => {
    const res = await apps.send(level, IAGO, method, path, params);
    assertValidResponse(method, `/api/v1${path}`, res.status, res.body, level);
    return res;
  };
  const before = (await send('POST', '/register', { event_types: ['realm_bot'] })).body;
  expect((await send('DELETE', `/users/${ZOE}`)).status).toBe(200);
  expect((await send('POST', `/users/${WEBHOOK_BOT}/reactivate`)).status).toBe(200);
  const events = (
    await send('GET', '/events', { queue_id: before.queue_id, last_event_id: -1, dont_block: true })
  ).body.events as Row[];
  const after = (await send('POST', '/register', { fetch_event_types: ['realm_bot'] })).body;
  return { before, events, after, bot: apps.at(level).store.state.users.get(WEBHOOK_BOT)! };
}

describe('realm_bot events at the levels around 222', () => {
  it(`sends realm_bot/remove then realm_bot/add with the whole bot at ${FROM - 1}`, async () => {
    const { before, events, after, bot } = await deactivateAndReactivate(FROM - 1);
    expect(events.map((e) => [e.op, e.bot])).toEqual([
      ['remove', { user_id: WEBHOOK_BOT, full_name: bot.full_name }],
      [
        'add',
        expect.objectContaining({
          user_id: WEBHOOK_BOT,
          api_key: bot.api_key,
          is_active: true,
          owner_id: ZOE,
          bot_type: 2,
        }),
      ],
    ]);
    const state = structuredClone(before);
    for (const event of events) applyEvent(state, event);
    expect(state.realm_bots).toEqual(after.realm_bots);
  });

  it(`sends realm_bot/update with is_active at ${FROM}`, async () => {
    const { before, events, after } = await deactivateAndReactivate(FROM);
    expect(events.map((e) => [e.op, e.bot])).toEqual([
      ['update', { user_id: WEBHOOK_BOT, is_active: false }],
      ['update', { user_id: WEBHOOK_BOT, is_active: true }],
    ]);
    const state = structuredClone(before);
    for (const event of events) applyEvent(state, event);
    expect(state.realm_bots).toEqual(after.realm_bots);
  });
});

describe('realm_bot event shapes', () => {
  const valid = (event: Row) => checkValidator('events/realm_bot.json')(event);
  const at = { id: 3, type: 'realm_bot' };

  it('takes an update of exactly one field, and remove and delete with their few keys', () => {
    expect(valid({ ...at, op: 'update', bot: { user_id: 16, full_name: 'B' } })).toBe(true);
    expect(valid({ ...at, op: 'update', bot: { user_id: 16, owner_id: 9 } })).toBe(true);
    expect(valid({ ...at, op: 'update', bot: { user_id: 16 } })).toBe(false);
    expect(valid({ ...at, op: 'update', bot: { user_id: 16, full_name: 'B', is_active: true } })).toBe(false);
    expect(valid({ ...at, op: 'remove', bot: { user_id: 16, full_name: 'B' } })).toBe(true);
    expect(valid({ ...at, op: 'delete', bot: { user_id: 16 } })).toBe(true);
    expect(valid({ ...at, op: 'delete', bot: { user_id: 16, full_name: 'B' } })).toBe(false);
  });

  it('lets a client drop a bot on realm_bot/delete (sent to a previous owner who no longer administers it)', () => {
    const state = { realm_bots: [{ user_id: 16 }, { user_id: 17 }] };
    applyEvent(state, { ...at, op: 'delete', bot: { user_id: 16 } });
    expect(state.realm_bots).toEqual([{ user_id: 17 }]);
  });
});
