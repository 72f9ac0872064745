// The README's example, run as part of the test suite so it cannot rot.
import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from 'svc-mock';
import { createHandlers } from 'svc-mock/msw';

const realm = JSON.parse(readFileSync(new URL('../fixtures/dev-realm.json', import.meta.url), 'utf8'));
const app = createApp({ realm });
const server = setupServer(...createHandlers(app, { baseUrl: 'http://localhost:9991' }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('fetches the current user', async () => {
  const res = await fetch('http://localhost:9991/api/v1/users/me', {
    headers: { authorization: `Basic ${btoa('iago@svc.test:iagoSvcDevApiKey0123456789abcdef')}` },
  });
  expect((await res.json()).full_name).toBe('Iago');
});
