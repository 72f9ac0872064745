import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../testing/serve-process.js';
import { createRealm } from './realm-client.js';

const RUN = new URL('../../cli/run.ts', import.meta.url).pathname;
const HAMLET = 'hamlet@svc.test';

describe('createRealm against a running serve', () => {
  let serve: ServeProcess;

  beforeAll(async () => {
    serve = await startServeProcess(['--import', 'tsx', RUN, 'serve', '--port', '0']);
  }, 60_000);

  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
  });

  it('reaches its own realm from Node.js, whose messages the other realm does not see', async () => {
    const [a, b] = await Promise.all([
      createRealm(serve.url, { subdomain: 'client-a' }),
      createRealm(serve.url, { subdomain: 'client-b' }),
    ]);
    try {
      const port = new URL(serve.url).port;
      expect(a.url).toBe(`http://client-a.localhost:${port}`);
      expect(a.account(HAMLET).api_key).not.toBe(b.account(HAMLET).api_key);
      const me = await a.fetch('/api/v1/users/me', { as: HAMLET });
      expect(((await me.json()) as { email: string }).email).toBe(HAMLET);

      const sent = await a.fetch('/api/v1/messages', {
        as: HAMLET,
        method: 'POST',
        body: new URLSearchParams({
          type: 'stream',
          to: 'Denmark',
          topic: 'realm client',
          content: 'only in a',
        }),
      });
      expect(sent.status).toBe(200);
      const search = new URLSearchParams({
        anchor: 'newest',
        num_before: '5',
        num_after: '0',
        narrow: JSON.stringify([{ operator: 'topic', operand: 'realm client' }]),
      });
      const found = async (realm: typeof a): Promise<number> => {
        const res = await realm.fetch(`/api/v1/messages?${search}`, { as: HAMLET });
        return ((await res.json()) as { messages: unknown[] }).messages.length;
      };
      expect(await found(a)).toBe(1);
      expect(await found(b)).toBe(0);
      // A key of realm a is refused in realm b.
      const crossed = await b.fetch('/api/v1/users/me', {
        headers: { Authorization: `Basic ${btoa(`${HAMLET}:${a.account(HAMLET).api_key}`)}` },
      });
      expect(crossed.status).toBe(401);
    } finally {
      await Promise.all([a.delete(), b.delete()]);
    }
    const listed = (await (await fetch(`${serve.url}/svc-mock/realms`)).json()) as { realms: unknown[] };
    expect(listed.realms).toEqual([]);
  });

  it("throws the server's message when the subdomain is taken", async () => {
    const a = await createRealm(serve.url, { subdomain: 'client-taken' });
    try {
      await expect(createRealm(serve.url, { subdomain: 'client-taken' })).rejects.toThrow(/400/);
    } finally {
      await a.delete();
    }
  });
});
