/** POST /register: allocates an event queue and returns the state snapshot for the requested types. */
import type { PostRegisterParams } from '../../generated/types.js';
import { unsupportedNarrowOperator } from '../../store/events/narrow.js';
import {
  DEFAULT_LIFESPAN_SECS,
  MAX_LIFESPAN_SECS,
  type QueueNarrowTerm,
} from '../../store/events/options.js';
import { registerWithinLimits } from '../../store/events/queue-limits.js';
import { errors } from '../errors/index.js';
import { definePublicRoute } from '../route.js';
import { versionFields } from '../version-fields.js';
import { buildSnapshot } from '../snapshot/index.js';
import { trimFields } from '../../versions/fields.js';
import { roleGroupResolver } from '../../store/closest-role-group.js';
import { has } from '../../versions/index.js';
import { supportedCapabilities } from '../../versions/params.js';

/** The default of presence_history_limit_days. */
const PRESENCE_HISTORY_DAYS = 14;

/** idle_queue_timeout "mobile": the server's recommended timeout for mobile clients (12 hours). */
const MOBILE_IDLE_QUEUE_SECS = 12 * 3600;

/**
 * The queue's idle lifespan: idle_queue_timeout (level 481) in seconds or "mobile", else the mock's own
 * queue_lifespan_secs, else the default; at most the longest lifespan (7 days).
 */
function idleQueueSecs(params: PostRegisterParams): number {
  const asked = params.idle_queue_timeout;
  const secs = asked === 'mobile' ? MOBILE_IDLE_QUEUE_SECS : (asked ?? params.queue_lifespan_secs ?? 0);
  return Math.min(secs || DEFAULT_LIFESPAN_SECS, MAX_LIFESPAN_SECS);
}

/** include_subscribers as true, false or 'partial' (it arrives as a JSON boolean or as text). */
function subscribersMode(value: PostRegisterParams['include_subscribers']): boolean | 'partial' {
  if (value === true || value === 'true') return true;
  return value === 'partial' ? 'partial' : false;
}

export const registerRoutes = [
  definePublicRoute<PostRegisterParams>({
    method: 'POST',
    path: '/register',
    auth: 'optional',
    schema: 'post-register',
    summary: 'Register an event queue and fetch the initial state',
    handler({ store, services, user, params }) {
      const includeSubscribers = subscribersMode(params.include_subscribers);
      if (includeSubscribers === 'partial' && !has('include_subscribers_partial', store.featureLevel))
        throw errors.notValidJson('include_subscribers');
      if (!user) {
        if (!store.state.settings.enable_spectator_access) throw errors.notLoggedIn();
        if (params.client_extavatar === true) throw errors.invalidForAnonymous('client_extavatar');
        if (includeSubscribers === true) throw errors.invalidForAnonymous('include_subscribers');
      }
      if (params.client_capabilities && !('notification_settings_null' in params.client_capabilities)) {
        throw errors.notificationSettingsNullMissing();
      }
      // Capabilities a level did not know yet are ignored, as any unknown key is.
      const capabilities = supportedCapabilities(params.client_capabilities ?? {}, store.featureLevel);
      const narrow = (params.narrow ?? []) as unknown as QueueNarrowTerm[];
      const badOperator = unsupportedNarrowOperator(narrow, store.featureLevel);
      if (badOperator !== undefined) throw errors.narrowOperatorNotSupported(badOperator);
      const clientExtavatar = params.client_extavatar ?? user !== undefined;
      const queue = user
        ? registerWithinLimits(
            services.queues,
            user.user_id,
            {
              eventTypes: params.event_types ? new Set(params.event_types) : null,
              applyMarkdown: params.apply_markdown ?? false,
              clientExtavatar,
              allPublicStreams: params.all_public_streams ?? false,
              slimPresence: params.slim_presence ?? false,
              capabilities,
              narrow,
              lifespanSecs: idleQueueSecs(params),
            },
            services.limits,
          )
        : null;
      const fetchTypes = params.fetch_event_types ?? params.event_types ?? null;
      const snapshot = buildSnapshot(
        {
          store,
          services,
          user,
          capabilities,
          includeSubscribers,
          slimPresence: params.slim_presence ?? false,
          presenceHistoryDays: params.presence_history_limit_days ?? PRESENCE_HISTORY_DAYS,
          clientExtavatar,
        },
        fetchTypes ? new Set(fetchTypes) : null,
      );
      // The sections build the newest shape; keys the level did not send yet go, renamed keys get their
      // older names (src/versions/fields.ts).
      trimFields('register', snapshot, store.featureLevel, roleGroupResolver(store.state));
      return {
        queue_id: queue?.id ?? null,
        // The snapshot is built synchronously after the queue exists, so it already reflects every
        // event queued so far (none): the last folded-in id is the one before the queue's next id.
        last_event_id: queue ? queue.nextId - 1 : -1,
        // The effective idle timeout (level 481), for queues of logged-in users only.
        ...(queue &&
          has('idle_queue_timeout', store.featureLevel) && {
            idle_queue_timeout_secs: queue.options.lifespanSecs,
          }),
        ...versionFields(services),
        ...snapshot,
      };
    },
  }),
];
