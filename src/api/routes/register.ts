/** POST /register: allocates an event queue and returns the state snapshot for the requested types. */
import type { PostRegisterParams } from '../../generated/types.js';
import { errors } from '../errors/index.js';
import { definePublicRoute } from '../route.js';
import { realmSnapshot } from '../snapshot/realm.js';

/** Whether a snapshot section was requested (no list at all means every section). */
function wants(types: string[] | null | undefined, name: string): boolean {
  return !types || types.includes(name);
}

export const registerRoutes = [
  definePublicRoute<PostRegisterParams>({
    method: 'POST',
    path: '/register',
    auth: 'optional',
    schema: 'post-register',
    summary: 'Register an event queue and fetch the initial state',
    handler({ store, services, user, params }) {
      if (!user) {
        if (!store.state.settings.enable_spectator_access) throw errors.notLoggedIn();
        if (params.client_extavatar === true)
          throw errors.badRequest('Invalid client_extavatar for unauthenticated user');
        if (params.include_subscribers === true || params.include_subscribers === 'true') {
          throw errors.badRequest('Invalid include_subscribers for unauthenticated user');
        }
      }
      const fetchTypes = params.fetch_event_types ?? params.event_types ?? null;
      const queue = user
        ? services.queues.register(user.user_id, {
            eventTypes: params.event_types ?? null,
            applyMarkdown: params.apply_markdown ?? false,
            clientExtavatar: params.client_extavatar ?? true,
            allPublicStreams: params.all_public_streams ?? false,
            capabilities: params.client_capabilities ?? {},
            narrow: (params.narrow ?? []) as Array<[string, string]>,
          })
        : null;
      const body: Record<string, unknown> = {
        queue_id: queue?.id ?? null,
        last_event_id: -1,
        svc_feature_level: services.featureLevel,
        svc_version: services.version,
        svc_merge_base: services.mergeBase,
      };
      if (wants(fetchTypes, 'realm')) Object.assign(body, realmSnapshot(store, services));
      return body;
    },
  }),
];
