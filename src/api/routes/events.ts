/** GET /events (long polling) and DELETE /events (reference A.1–A.4). */
import type { DeleteEventsParams, GetEventsParams } from '../../generated/types.js';
import type { QueueOptions } from '../../store/events/options.js';
import { registerWithinLimits } from '../../store/events/queue-limits.js';
import { errors } from '../errors/index.js';
import { eventJson } from '../event-json.js';
import { defineRoute } from '../route.js';

/** Queue options from the undocumented parameters GET /events accepts when it creates a queue. */
function optionsFromPoll(params: GetEventsParams): Partial<QueueOptions> {
  return {
    eventTypes: params.event_types ? new Set(params.event_types) : null,
    applyMarkdown: params.apply_markdown ?? false,
    clientExtavatar: params.client_extavatar ?? false,
    allPublicStreams: params.all_public_streams ?? false,
    slimPresence: params.slim_presence ?? false,
    narrow: (params.narrow ?? []).map(([operator, operand]) => [operator ?? '', operand ?? ''] as const),
    lifespanSecs: params.lifespan_secs ?? 0,
    capabilities: {
      bulk_message_deletion: params.bulk_message_deletion ?? false,
      stream_typing_notifications: params.stream_typing_notifications ?? false,
      user_settings_object: params.user_settings_object ?? false,
      linkifier_url_template: params.linkifier_url_template ?? false,
    },
  };
}

export const eventsRoutes = [
  defineRoute<GetEventsParams>({
    method: 'GET',
    path: '/events',
    schema: 'get-events',
    summary: 'Fetch new events from a queue, waiting for one when none is pending',
    async handler({ services, user, params, request }) {
      const { queues } = services;
      if (params.queue_id === undefined) {
        if (!params.dont_block) throw errors.missingEventsArgument('queue_id');
        const queue = registerWithinLimits(queues, user.user_id, optionsFromPoll(params), services.limits);
        return { events: [], queue_id: queue.id };
      }
      if (params.last_event_id === undefined) throw errors.missingEventsArgument('last_event_id');
      const queue = queues.find(params.queue_id, user.user_id);
      if (!queue) throw errors.badEventQueue(params.queue_id);
      const problem = queue.checkAck(params.last_event_id);
      if (problem === 'pruned') throw errors.eventAlreadyPruned(params.last_event_id);
      if (problem === 'unknown') throw errors.eventNotInQueue(params.last_event_id);
      const answer = await queues.poll(
        queue,
        params.last_event_id,
        params.dont_block ?? false,
        request.signal,
      );
      // The mock was reset or restored while this poll was parked: the queue is gone, as after a restart.
      if (queues.closed) throw errors.badEventQueue(queue.id);
      return { ...answer, events: answer.events.map(eventJson) };
    },
  }),
  defineRoute<DeleteEventsParams>({
    method: 'DELETE',
    path: '/events',
    schema: 'delete-events',
    summary: 'Delete an event queue',
    handler({ services, user, params }) {
      const queue = services.queues.find(params.queue_id, user.user_id);
      if (!queue) throw errors.badEventQueue(params.queue_id);
      services.queues.remove(queue);
      return {};
    },
  }),
];
