/** How `serve` stops: parked long polls hear a heartbeat, and their answers go out before the server closes. */
import type { RunningServer } from '../adapters/node/server.js';
import type { App } from '../api/app.js';
import type { Mock } from '../mock/create-mock.js';

/**
 * Answers the app's parked polls with a heartbeat, lets the answers be written, then closes the server.
 * @example
 * process.once('SIGTERM', () => void closeServer(app, running).then(() => process.exit(0)));
 */
export async function closeServer(app: App, running: RunningServer): Promise<void> {
  // Every realm's parked polls hear it (a many-realm mock has `realms`; a plain App only its own queues).
  const realms =
    'realms' in app ? (app as Mock).realms.list().map((r) => (app as Mock).realm(r.subdomain)!) : [];
  let parked = app.services.queues.heartbeatParked();
  for (const realm of realms) parked += realm.services.queues.heartbeatParked();
  if (parked > 0) {
    // The answers are produced on microtasks; one macrotask later they are all being written.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await running.close();
}
