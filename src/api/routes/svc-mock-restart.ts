/** POST /svc-mock/restart: a simulated server restart that keeps the event queues (mock only). */
import { has } from '../../versions/index.js';
import { requireControl } from '../control.js';
import { definePublicRoute } from '../route.js';
import type { AppServices } from '../services.js';
import { versionFields } from '../version-fields.js';

/** The server generation register reports: 1 until a simulated restart raises it. */
export const serverGeneration = (services: AppServices): number => services.serverGeneration ?? 1;

/** The restart control route; answers the unknown-endpoint 404 when the app has no control surface. */
export const restartRoutes = [
  definePublicRoute<Record<string, never>>({
    method: 'POST',
    path: '/svc-mock/restart',
    root: true,
    auth: 'none',
    schema: 'post-svc-mock-restart',
    summary: 'Mock only: simulate a server restart that keeps queues (each gets a restart event)',
    handler({ services, request }) {
      requireControl(services, request);
      // A restarted server's generation is its start time, so it only grows.
      const generation = Math.max(serverGeneration(services) + 1, Math.floor(services.clock.now() / 1000));
      services.serverGeneration = generation;
      const queues = services.queues.restart({
        type: 'restart',
        ...versionFields(services),
        server_generation: generation,
        // Below 240 the server told clients whether to reload at once; a restart the mock simulates is immediate.
        ...(has('restart_immediate_field', services.featureLevel) && { immediate: true }),
      });
      return { queues, server_generation: generation };
    },
  }),
];
