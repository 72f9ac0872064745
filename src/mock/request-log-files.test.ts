import { expect, it } from 'vitest';
import { createManualClock } from '../store/clock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { MOCK_ORIGIN, basicAuth } from '../testing/transports.js';
import { createMock } from './create-mock.js';

it('logs a served file by its size instead of walking its bytes', async () => {
  const mock = createMock({ realm: preparedDevRealm(), clock: createManualClock(0), logError: () => {} });
  const path = '/user_uploads/2/4e/Xk2vR9qLm0sTbW7cYd3FhJ5a/guard-rota.txt';
  const auth = basicAuth(mock, 'aaron@svc.test');
  const response = await mock.fetch(
    new Request(`${MOCK_ORIGIN}${path}`, { headers: { authorization: auth } }),
  );
  expect(response.status).toBe(200);
  const bytes = (await response.arrayBuffer()).byteLength;
  const entry = mock.requests({}).find((e) => e.path === path);
  expect(entry?.response_body).toBe(`(${bytes} bytes)`);
});
