/** The in-process fuzz target behind the node server, for `npm run fuzz -- --transport http`. */
import { Agent, fetch as undiciFetch } from 'undici';
import { startServer } from '../adapters/node/server.js';
import type { InProcessTarget } from './run.js';

/** Serves `base`'s mock on a loopback port; requests go over HTTP. Call `close()` when done. */
export async function httpTarget(
  base: InProcessTarget,
): Promise<InProcessTarget & { close(): Promise<void> }> {
  const server = await startServer(base.mock, { port: 0, host: '127.0.0.1' });
  const agent = new Agent({ keepAliveTimeout: 1000 });
  return {
    ...base,
    async send(path, init) {
      const response = (await undiciFetch(`${server.url}${path}`, {
        ...(init as object),
        dispatcher: agent,
      } as never)) as unknown as Response;
      if (path.startsWith('/svc-mock/faults') && response.status < 400) base.mock.faults.clear();
      return response;
    },
    async close() {
      await agent.close();
      await server.close();
    },
  };
}
