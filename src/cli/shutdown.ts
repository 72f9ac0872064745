/** How `serve` stops: parked long polls hear a heartbeat, and their answers go out before the server closes. */
import type { RunningServer } from '../adapters/node/server.js';
import type { App } from '../api/app.js';

/**
 * Answers the app's parked polls with a heartbeat, lets the answers be written, then closes the server.
 * @example
 * process.once('SIGTERM', () => void closeServer(app, running).then(() => process.exit(0)));
 */
export async function closeServer(app: App, running: RunningServer): Promise<void> {
  if (app.services.queues.heartbeatParked() > 0) {
    // The answers are produced on microtasks; one macrotask later they are all being written.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await running.close();
}
