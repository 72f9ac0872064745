/**
 * The soak's sending clients. Client c owns users 2c and 2c+1 (the last client also a third when the count
 * is odd) and acts only on its own users' messages and memberships, one request at a time: so the oracle
 * knows each client's order, while the clients run concurrently with each other and with every poll.
 */
import { createRng } from '../fixtures/generate/rng.js';
import type { SoakHttp } from './http.js';
import type { Oracle } from './oracle.js';
import { planAction, type Client, type Kind, type Live } from './actions.js';
import type { SoakAccount } from './protocol.js';
import type { SoakWorld } from './setup.js';

/** Tallies of a workload: answered actions by kind, and refusals. */
export interface WorkloadResult {
  actions: Partial<Record<Kind, number>>;
  refusals: string[];
  /** Messages still in place at the end (the soak deletes them after the queues). */
  remaining: Live[];
}

/** The clients of a world: pairs of users in order, the odd one out joining the last pair. */
export function createClients(users: readonly SoakAccount[], seed: number): Client[] {
  const count = Math.floor(users.length / 2);
  return Array.from({ length: count }, (_, index) => ({
    index,
    users: users.slice(2 * index, index === count - 1 ? undefined : 2 * index + 2),
    rng: createRng(seed * 7919 + index),
    live: [],
    joined: new Set<string>(),
  }));
}

/** Runs every client until `deadline` (a performance.now() time); records answered actions in the oracle. */
export async function runWorkload(
  http: SoakHttp,
  world: SoakWorld,
  oracle: Oracle,
  seed: number,
  deadline: number,
): Promise<WorkloadResult> {
  const clients = createClients(world.users, seed);
  const result: WorkloadResult = { actions: {}, refusals: [], remaining: [] };
  const loop = async (client: Client): Promise<void> => {
    while (performance.now() < deadline) {
      const plan = planAction(client, world, oracle.size);
      const started = performance.now();
      const answer = await http.call(plan.user, plan.method, plan.path, plan.form).catch((error: Error) => {
        // Whether the server applied it is unknown, so the oracle cannot follow this client any further.
        result.refusals.push(`${plan.method} /${plan.path} (${plan.kind}) failed: ${error.message}`);
        return undefined;
      });
      if (!answer) return;
      if (answer.status !== 200) {
        result.refusals.push(
          `${plan.method} /${plan.path} (${plan.kind}) answered ${answer.status}: ${String(answer.body.msg)}`,
        );
        if (result.refusals.length > 20) return;
        continue;
      }
      const deliveries = plan.apply(answer.body);
      if (plan.kind === 'channel' || plan.kind === 'direct')
        oracle.sentAt.set(answer.body.id as number, started);
      oracle.record(
        client.index,
        `client ${client.index} ${plan.kind} ${plan.method} /${plan.path}`,
        deliveries,
      );
      result.actions[plan.kind] = (result.actions[plan.kind] ?? 0) + 1;
    }
  };
  await Promise.all(clients.map(loop));
  result.remaining = clients.flatMap((c) => c.live);
  return result;
}
