// Event queue ids never repeat within a process (apps, mocks, resets) and differ across restarts, unless a
// seed asks for repeatable ids; an id from before a reset answers BAD_EVENT_QUEUE_ID.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../api/app.js';
import { createManualClock } from '../store/clock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { TEST_START_MS, basicAuth } from '../testing/transports.js';
import { createMock } from './create-mock.js';

const HAMLET = 'hamlet@svc.test';

async function register(app: App): Promise<string> {
  const res = await app.fetch(
    new Request('http://localhost/api/v1/register', {
      method: 'POST',
      headers: { authorization: basicAuth(app, HAMLET) },
    }),
  );
  return ((await res.json()) as { queue_id: string }).queue_id;
}

const clock = () => createManualClock(TEST_START_MS);

describe('event queue ids', () => {
  it('differ between apps and mocks of one process made without a seed', async () => {
    const ids = [
      await register(createApp({ realm: preparedDevRealm(), clock: clock() })),
      await register(createApp({ realm: preparedDevRealm(), clock: clock() })),
      await register(createMock({ realm: preparedDevRealm(), clock: clock() })),
      await register(createMock({ realm: preparedDevRealm(), clock: clock() })),
    ];
    expect(new Set(ids).size).toBe(4);
  });

  it('repeat when a test asks for it with a seed', async () => {
    const first = await register(createApp({ realm: preparedDevRealm(), clock: clock(), seed: 5 }));
    const again = await register(createApp({ realm: preparedDevRealm(), clock: clock(), seed: 5 }));
    expect(again).toBe(first);
  });

  it('never come back after a reset, where an old id answers BAD_EVENT_QUEUE_ID', async () => {
    const mock = createMock({ realm: preparedDevRealm(), clock: clock() });
    const before = await register(mock);
    mock.reset();
    const after = await register(mock);
    expect(after).not.toBe(before);
    const res = await mock.fetch(
      new Request(`http://localhost/api/v1/events?queue_id=${before}&last_event_id=-1&dont_block=true`, {
        headers: { authorization: basicAuth(mock, HAMLET) },
      }),
    );
    expect(await res.json()).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: before });
  });

  it('differ across restarts: two processes started together hand out different first ids', async () => {
    const script = [
      "import { createApp, createMock } from './src/index.ts';",
      "import { readFileSync } from 'node:fs';",
      "const realm = JSON.parse(readFileSync('fixtures/dev-realm.json', 'utf8'));",
      "const auth = 'Basic ' + btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd');",
      'for (const app of [createApp({ realm }), createMock({ realm })]) {',
      "  const res = await app.fetch(new Request('http://x/api/v1/register', { method: 'POST', headers: { authorization: auth } }));",
      '  console.log((await res.json()).queue_id);',
      '}',
    ].join('\n');
    const root = new URL('../../', import.meta.url).pathname;
    const start = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
        timeout: 60_000,
      }).then(({ stdout }) => stdout.trim().split('\n'));
    const [one, two] = await Promise.all([start(), start()]);
    expect(one).toHaveLength(2);
    expect(two).toHaveLength(2);
    expect(new Set([...one!, ...two!]).size).toBe(4);
  }, 90_000);
});
