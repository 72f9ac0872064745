import { expect, it } from 'vitest';
import { GUEST, MEMBER } from '../testing/accounts.js';
import { basicAuth, describeTransports } from '../testing/transports.js';

const SMALL = 4096;

/** A body of `n` bytes of form text, sent as a stream so that nothing tells its size up front. */
function streamOf(n: number): ReadableStream<Uint8Array> {
  let left = n;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const size = Math.min(1024, left);
      left -= size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
}

describeTransports(
  'request limits',
  (t) => {
    it('answers 413 in the error envelope when the body is over the limit', async () => {
      const res = await t()
        .as(MEMBER)
        .post(
          'messages',
          { type: 'stream', to: 'Verona', topic: 'x', content: 'a'.repeat(SMALL) },
          { unchecked: true },
        );
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: `Request body too large (limit: ${SMALL} bytes)`,
      });
    });

    it('refuses a streamed body of unknown length once it passes the limit', async () => {
      const auth = basicAuth(t().app, MEMBER);
      const res = await t().raw('/api/v1/messages', {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: streamOf(SMALL * 8),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { msg: string }).msg).toMatch(/too large/);
    });

    it('authenticates before reading the body: an oversized body without credentials gets 401', async () => {
      const res = await t().anonymous.post(
        'messages',
        { content: 'a'.repeat(SMALL * 4) },
        { unchecked: true },
      );
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    it('routes before reading the body: an oversized body to an unknown path gets 404', async () => {
      const res = await t()
        .as(MEMBER)
        .post('no_such_endpoint', { content: 'a'.repeat(SMALL * 4) }, { unchecked: true });
      expect(res.status).toBe(404);
    });

    it('never pulls the body of a request refused by authentication or routing (app.fetch)', async () => {
      const { app } = t();
      for (const [path, auth, status] of [
        ['/api/v1/messages', undefined, 401],
        ['/api/v1/no_such_endpoint', basicAuth(app, MEMBER), 404],
      ] as const) {
        let pulled = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled += 1024;
            controller.enqueue(new Uint8Array(1024));
            if (pulled >= SMALL * 64) controller.close();
          },
        });
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
        if (auth) headers.authorization = auth;
        const res = await app.fetch(
          new Request(`http://localhost${path}`, {
            method: 'POST',
            headers,
            body,
            duplex: 'half',
          } as RequestInit),
        );
        expect(res.status).toBe(status);
        // A stream fills its queue once when created; nothing more is read.
        expect(pulled).toBeLessThanOrEqual(1024);
      }
    });

    it('takes a body just under the limit', async () => {
      const res = await t()
        .as(MEMBER)
        .post('messages', { type: 'stream', to: 'Verona', topic: 'x', content: 'a'.repeat(SMALL - 200) });
      expect(res.status).toBe(200);
    });

    it('does not read a JSON body as API parameters, as the real server does not', async () => {
      const res = await t()
        .as(MEMBER)
        .post('messages', { type: 'stream', to: 'Verona', topic: 'x', content: 'hi' }, { encoding: 'json' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'type' });
    });
  },
  { limits: { maxBody: SMALL } },
);

describeTransports('request limits at their defaults', (t) => {
  it('refuses JSON nested deeper than the limit with a 400, not a stack overflow', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await t().as(MEMBER).post('messages/flags', { messages: deep, op: 'add', flag: 'read' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Argument "messages" is nested too deeply (limit: 100 levels)',
    });
  });

  it('refuses a JSON body nested 5,000 deep on the control routes that take JSON', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const res = await t().raw('/svc-mock/faults', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: `{"users":${deep}}`,
    });
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it('refuses more parameters than the limit', async () => {
    const params = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`p${i}`, '1']));
    const res = await t().as(MEMBER).get('users/me', params);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Too many parameters (limit: 1000)');
  });

  it('refuses a JSON list with more items than the limit', async () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const res = await t().as(MEMBER).post('messages/flags', { messages: ids, op: 'add', flag: 'read' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('messages has too many items (limit: 10000)');
  });

  it('answers a bad percent-escape in the path with a 400 envelope', async () => {
    const res = await t().raw('/api/v1/users/%zz');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Malformed URL path: invalid percent-encoding',
    });
  });

  it('decodes the e-mail path parameter once: %25zz is the address "%zz", an unknown user', async () => {
    const res = await t().as(MEMBER).get('users/%25zz');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('No such user');
  });

  it('reads multipart bodies whose boundary has capital letters (browser FormData)', async () => {
    const form = new FormData();
    form.append('type', 'stream');
    form.append('to', 'Verona');
    form.append('topic', 'forms');
    form.append('content', 'from a browser');
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const type = encoded.headers.get('content-type')!;
    const boundary = type.slice(type.indexOf('boundary=') + 9);
    const browser = '----WebKitFormBoundaryQx7ZbTmKcY3fAbCd';
    const text = (await encoded.text()).split(boundary).join(browser);
    const res = await t().raw('/api/v1/messages', {
      method: 'POST',
      headers: {
        authorization: basicAuth(t().app, MEMBER),
        'content-type': `multipart/form-data; boundary=${browser}`,
      },
      body: text,
    });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { id: number }).id;
    expect(t().app.store.state.messages.get(id)?.content).toBe('from a browser');
  });

  it('links in rendered Markdown only channels the user can access', async () => {
    const guest = await t().as(GUEST).post('messages/render', { content: '#**design** #**nonexistent**' });
    expect(guest.body.rendered).not.toContain('data-stream-id');
    // Exactly as a name that does not exist: nothing tells a private channel's name apart.
    expect(guest.body.rendered).toBe('<p>#<strong>design</strong> #<strong>nonexistent</strong></p>');
    const member = await t().as('ZOE@svc.test').post('messages/render', { content: '#**design**' });
    expect(member.body.rendered).toContain('data-stream-id="8"');
  });
});
