import { expect, it, vi } from 'vitest';
import { ADMIN, MEMBER } from '../testing/accounts.js';
import { describeTransports, type Encoding } from '../testing/transports.js';

describeTransports('request dispatch', (t) => {
  it('answers an unknown path under /api/v1 with a JSON 404 envelope', async () => {
    const res = await t().as(MEMBER).get('no_such_endpoint');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Not Found: no endpoint GET /api/v1/no_such_endpoint',
    });
  });

  it('answers a known path with the wrong method with 405 in the error envelope, naming the allowed methods', async () => {
    const res = await t().as(MEMBER).request('DELETE', 'server_settings');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      code: 'BAD_REQUEST',
      allowed_methods: ['GET'],
    });
  });

  for (const encoding of ['form', 'multipart'] as Encoding[]) {
    it(`reads ${encoding} bodies, decoding JSON values inside fields`, async () => {
      const res = await t()
        .as(MEMBER)
        .post('register', { event_types: ['realm'], apply_markdown: true, unknown_thing: 'x' }, { encoding });
      expect(res.status).toBe(200);
      expect(res.body.queue_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.max_message_length).toBe(10000);
      expect(res.body.ignored_parameters_unsupported).toEqual(['unknown_thing']);
    });
  }

  it('takes no parameters from a JSON body on API routes, as the real server does not', async () => {
    const res = await t()
      .as(MEMBER)
      .post('register', { event_types: ['realm'], unknown_thing: 'x' }, { encoding: 'json' });
    expect(res.status).toBe(200);
    expect(res.body.ignored_parameters_unsupported).toBeUndefined();
    expect(res.body.realm_users).toBeDefined();
  });

  it('reads query parameters of GET requests', async () => {
    const { app } = t();
    const ids = [...app.store.state.users.values()]
      .filter((u) => !u.is_system_bot)
      .slice(0, 2)
      .map((u) => u.user_id);
    const res = await t().as(MEMBER).get('users', { user_ids: ids });
    expect(res.body.members.map((m: { user_id: number }) => m.user_id).sort()).toEqual([...ids].sort());
  });

  it('names the parameter whose JSON value does not parse', async () => {
    const res = await t().as(MEMBER).post('register', { event_types: '["realm"' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Argument "event_types" is not valid JSON.',
    });
  });

  it('names the parameter whose JSON value has the wrong type', async () => {
    const res = await t().as(MEMBER).get('users', { client_extavatar: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'client_extavatar is not a boolean' });
    const list = await t().as(MEMBER).get('users', { user_ids: '{"a":1}' });
    expect(list.body.msg).toBe('user_ids is not a list');
    const item = await t().as(MEMBER).get('users', { user_ids: '[1,"x"]' });
    expect(item.body.msg).toBe('user_ids[1] is not an integer');
  });

  it('reports a missing required parameter with REQUEST_VARIABLE_MISSING', async () => {
    const res = await t().anonymous.post('dev_fetch_api_key', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'username' argument",
      var_name: 'username',
    });
  });

  it('answers OPTIONS with the allowed methods', async () => {
    const res = await t().raw('/api/v1/register', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('turns an unexpected exception into a logged 500 that is not an API error', async () => {
    const { app } = t();
    const log = vi.fn();
    app.services.logError = log;
    const admin = app.store.state.usersByEmail.get(ADMIN)!;
    (admin as { settings: unknown }).settings = undefined;
    const res = await t().as(ADMIN).get('users/me');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ result: 'error', msg: 'Internal server error' });
    expect(log).toHaveBeenCalledOnce();
  });
});
