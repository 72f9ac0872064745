/**
 * Reads a server's clock before a scenario, so that the timestamps it makes during the run are compared by
 * their offset from its own start: a server whose clock is skewed, or a svc-mock server whose clock earlier
 * scenarios moved forward, then still compares equal.
 */
import type { Target } from '../target.js';
import { isOneRealm } from './reference-mock.js';

/** The server's time in milliseconds: GET /svc-mock/clock where there is a control API, else the Date header. */
export async function probeServerClock(target: Target): Promise<number | undefined> {
  // The in-process mock starts each scenario on a fresh clock, which is this process's; the reference mock
  // (one realm for the run) keeps a clock that scenarios may have moved, like a server's.
  if (!isOneRealm(target)) return undefined;
  const session = await target.session();
  try {
    if (target.features.has('control')) {
      const response = await session.fetch(new Request(`${target.baseUrl}/svc-mock/clock`));
      const now = ((await response.json()) as { now?: unknown } | null)?.now;
      if (response.ok && typeof now === 'number') return now * 1000;
    }
    const response = await session.fetch(new Request(`${target.baseUrl}/api/v1/server_settings`));
    await response.arrayBuffer();
    const date = Date.parse(response.headers.get('date') ?? '');
    // The header has whole seconds: the middle of that second is the best guess.
    return Number.isNaN(date) ? undefined : date + 500;
  } catch {
    return undefined;
  } finally {
    await session.close();
  }
}
