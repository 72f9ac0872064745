import { expect, it } from 'vitest';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

const NO_PUSH = {
  push_key_id: null,
  push_token_id: null,
  pending_push_token_id: null,
  push_token_last_updated_timestamp: null,
  push_registration_error_code: null,
};

describeTransports('client devices', (t) => {
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const deviceEvents = (): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === 'device' ? [{ users: e.users, ...e.event }] : [],
    );
  const devices = async (email: string) =>
    (
      await t()
        .as(email)
        .post('register', { fetch_event_types: ['device'] })
    ).body.devices;

  it('registers devices with growing ids, lists them in register devices and tells only their user', async () => {
    expect(await devices(MEMBER)).toEqual({});
    const first = await t().as(MEMBER).post('register_client_device');
    const second = await t().as(MEMBER).post('register_client_device');
    expect(first.body).toEqual({ result: 'success', msg: '', device_id: expect.any(Number) });
    expect(second.body.device_id).toBeGreaterThan(first.body.device_id);
    expect(await devices(MEMBER)).toEqual({
      [first.body.device_id]: NO_PUSH,
      [second.body.device_id]: NO_PUSH,
    });
    expect(await devices(MEMBER2)).toEqual({});
    expect(deviceEvents()).toEqual([
      { users: [idOf(MEMBER)], type: 'device', op: 'add', device_id: first.body.device_id },
      { users: [idOf(MEMBER)], type: 'device', op: 'add', device_id: second.body.device_id },
    ]);
  });

  it("removes the caller's device and sends device/remove; a second removal is refused", async () => {
    const id = (await t().as(MEMBER).post('register_client_device')).body.device_id;
    const removed = await t().as(MEMBER).post('remove_client_device', { device_id: id });
    expect(removed.body).toEqual({ result: 'success', msg: '' });
    expect(await devices(MEMBER)).toEqual({});
    expect(deviceEvents().at(-1)).toEqual({
      users: [idOf(MEMBER)],
      type: 'device',
      op: 'remove',
      device_id: id,
    });
    const again = await t().as(MEMBER).post('remove_client_device', { device_id: id });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid `device_id`' });
  });

  it("refuses to remove another user's device and keeps it", async () => {
    const id = (await t().as(MEMBER).post('register_client_device')).body.device_id;
    const res = await t().as(MEMBER2).post('remove_client_device', { device_id: id });
    expect(res.body).toMatchObject({ result: 'error', msg: 'Invalid `device_id`' });
    expect(Object.keys(await devices(MEMBER))).toEqual([String(id)]);
    expect(deviceEvents()).toHaveLength(1);
  });

  it('requires device_id', async () => {
    const res = await t().as(MEMBER).post('remove_client_device', {}, { unchecked: true });
    expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'device_id' });
  });
});

describeTransports(
  'client devices at level 469',
  (t) => {
    it('registers devices but has no removal endpoint yet (404)', async () => {
      expect((await t().as(MEMBER).post('register_client_device')).status).toBe(200);
      const res = await t().as(MEMBER).post('remove_client_device', { device_id: 1 }, { unchecked: true });
      expect(res.status).toBe(404);
    });
  },
  { featureLevel: 469 },
);

describeTransports(
  'client devices at level 467',
  (t) => {
    it('has no registration endpoint (404) and register carries push_devices, not devices', async () => {
      const res = await t().as(MEMBER).post('register_client_device', {}, { unchecked: true });
      expect(res.status).toBe(404);
      const registered = await t()
        .as(MEMBER)
        .post('register', { fetch_event_types: ['device', 'push_device'] });
      expect(registered.body).not.toHaveProperty('devices');
      expect(registered.body.push_devices).toEqual({});
    });
  },
  { featureLevel: 467 },
);
