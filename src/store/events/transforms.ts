/**
 * Per-queue delivery: turns one emitted payload into what a given queue receives (zero or more events),
 * following the queue's options and client capabilities (see the common conventions of store.emit).
 */
import type { Message } from '../../generated/types.js';
import { formatChannel } from '../channels/format.js';
import { formatMessage, type FormatOptions } from '../messages/format.js';
import { displayTopic } from '../topics.js';
import { apiEmail, canSeeDeliveryEmail, hasServedAvatar } from '../users.js';
import type { MessageRecord, UserRecord } from '../state.js';
import type { EventPayload, Store } from '../store.js';
import { legacySettingsEvents } from './legacy-settings.js';
import { matchesQueueNarrow } from './narrow.js';
import { hasCapability } from './options.js';
import { presenceEventFor, type PresenceHint } from './presence.js';
import type { EventQueue } from './queue.js';
import { trimFields } from '../../versions/fields.js';
import { has } from '../../versions/index.js';

/**
 * Per-emit scratch space shared by every queue that receives one event. Most emits format one shape of one
 * message for every queue: the first is kept in a field, and a map is made only for a second.
 */
export interface DeliveryContext {
  store: Store;
  /** The message whose sender is kept in `sender`, looked up once per emit (undefined: not yet). */
  senderMessage?: MessageRecord;
  sender?: UserRecord;
  /** The first formatted message and its key (message id × 16 + viewer shape). */
  firstKey?: number;
  firstMessage?: Message;
  /** The other formatted messages by key (one format per shape, not per queue). */
  formatted?: Map<number, Message>;
}

/** A fresh context for one emit, with every field in place (fields added later would need a property store). */
export function deliveryContext(store: Store): DeliveryContext {
  return {
    store,
    senderMessage: undefined,
    sender: undefined,
    firstKey: undefined,
    firstMessage: undefined,
    formatted: undefined,
  };
}

/** Empties a context for the next emit (nothing of this one is kept alive by it). */
export function clearContext(ctx: DeliveryContext): void {
  ctx.senderMessage = undefined;
  ctx.sender = undefined;
  ctx.firstKey = undefined;
  ctx.firstMessage = undefined;
  ctx.formatted = undefined;
}

/** Subscription properties whose null means "inherit the user's setting", and that setting. */
const NOTIFICATION_DEFAULTS: Record<string, keyof UserRecord['settings']> = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  email_notifications: 'enable_stream_email_notifications',
  push_notifications: 'enable_stream_push_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
};

const TOPIC_KEYS = ['topic', 'topic_name', 'subject', 'orig_subject'] as const;

/** The format options of each viewer shape's low three bits (applyMarkdown 4, clientExtavatar 2, empty topic 1). */
const FORMATS: readonly FormatOptions[] = Array.from({ length: 8 }, (_, bits) =>
  Object.freeze({
    applyMarkdown: (bits & 4) !== 0,
    clientExtavatar: (bits & 2) !== 0,
    allowEmptyTopicName: (bits & 1) !== 0,
  }),
);

/** The sender of the message an emit delivers: looked up for its first queue, kept for the others. */
function senderOf(ctx: DeliveryContext, record: MessageRecord): UserRecord | undefined {
  if (ctx.senderMessage !== record) {
    ctx.senderMessage = record;
    ctx.sender = ctx.store.state.users.get(record.sender_id);
  }
  return ctx.sender;
}

/**
 * Delivers a message payload to `queue`: the formatted message for its viewer shape and the payload's flags, or
 * nothing when the queue takes no message events or its narrow excludes the message. A message event carries no
 * hints and keeps its empty topic.
 */
export function deliverMessage(ctx: DeliveryContext, queue: EventQueue, payload: EventPayload): void {
  if (!queue.takesMessages) return;
  const record = payload.$message as MessageRecord;
  const flags = (payload.flags as string[] | undefined) ?? [];
  const { state } = ctx.store;
  const narrow = queue.options.narrow;
  if (narrow.length && !matchesQueueNarrow(state, narrow, record, flags)) return;
  // The viewer changes a message only through avatar_url: null for a sender with an external avatar whose e-mail
  // they may see, with client_gravatar. So one format per shape, not per user, for a channel's many subscribers,
  // and the viewer is looked up only where it matters.
  let shape = queue.messageFormat;
  let viewer: UserRecord | undefined;
  if (shape & 2) {
    const sender = senderOf(ctx, record);
    if (sender && !hasServedAvatar(sender)) {
      viewer = state.users.get(queue.userId);
      if (canSeeDeliveryEmail(sender, viewer)) shape |= 8;
    }
  }
  const key = record.id * 16 + shape;
  let message = ctx.firstKey === key ? ctx.firstMessage : ctx.formatted?.get(key);
  if (!message) {
    message = formatMessage(state, record, viewer, FORMATS[shape & 7]!, ctx.store.featureLevel);
    if (ctx.firstMessage === undefined) {
      ctx.firstKey = key;
      ctx.firstMessage = message;
    } else (ctx.formatted ??= new Map()).set(key, message);
  }
  const echo = payload.$localEcho as { queueId: string; localId: string } | undefined;
  if (echo && echo.queueId === queue.id)
    queue.push({ type: 'message', message, flags, local_message_id: echo.localId });
  // The sender's payloads share their flags list per set of flags, and the queues their formatted message.
  else queue.pushMessage(message, flags);
}

function splitDeletes(payload: EventPayload): EventPayload[] {
  const { message_ids: ids, ...rest } = payload;
  return (ids as number[]).map((message_id) => ({ ...rest, message_id }));
}

function streamUpdate(ctx: DeliveryContext, queue: EventQueue, payload: EventPayload): EventPayload[] {
  const level = ctx.store.featureLevel;
  const updates = has('archive_update_events', level) && hasCapability(queue.options, 'archived_channels');
  if (payload.property !== 'is_archived' || updates) return [payload];
  const channel = ctx.store.state.channels.get(payload.stream_id as number);
  if (!channel) return [];
  const viewer = ctx.store.state.users.get(queue.userId);
  const stream = {
    ...formatChannel(ctx.store.state, channel, viewer, ctx.store.now(), level),
    name: payload.name,
  };
  // Clients without the capability see archiving as deletion and unarchiving as creation.
  return payload.value === true
    ? [
        trimFields(
          'stream_delete_event',
          { type: 'stream', op: 'delete', streams: [stream], stream_ids: [channel.stream_id] },
          level,
        ),
      ]
    : [{ type: 'stream', op: 'create', streams: [stream] }];
}

/** Clients without notification_settings_null get the user's setting where a subscription inherits it. */
function subscriptionEvent(ctx: DeliveryContext, queue: EventQueue, payload: EventPayload): EventPayload {
  if (hasCapability(queue.options, 'notification_settings_null')) return payload;
  const settings = ctx.store.state.users.get(queue.userId)?.settings;
  const resolve = (property: string, value: unknown): unknown => {
    const setting = NOTIFICATION_DEFAULTS[property];
    return setting && value === null ? (settings?.[setting] ?? false) : value;
  };
  if (payload.op === 'update')
    return { ...payload, value: resolve(payload.property as string, payload.value) };
  if (payload.op !== 'add') return payload;
  const subscriptions = (payload.subscriptions as Array<Record<string, unknown>>).map((sub) => {
    const out = { ...sub };
    for (const key of Object.keys(NOTIFICATION_DEFAULTS)) if (key in out) out[key] = resolve(key, out[key]);
    return out;
  });
  return { ...payload, subscriptions };
}

/**
 * Before level 176 every client gets linkifiers with url_format_string; from then on only those with the
 * capability. At every level each linkifier has only the fields of that level (example_input from 471, ...).
 */
function linkifiersEvent(ctx: DeliveryContext, queue: EventQueue, payload: EventPayload): EventPayload[] {
  const level = ctx.store.featureLevel;
  if (has('field_linkifier_url_template', level) && !hasCapability(queue.options, 'linkifier_url_template'))
    return [];
  const linkifiers = payload.realm_linkifiers as Array<Record<string, unknown>>;
  return [{ ...payload, realm_linkifiers: linkifiers.map((l) => trimFields('linkifier', { ...l }, level)) }];
}

/** The type-specific part of delivery (message events are delivered before it: see deliverables). */
function byType(ctx: DeliveryContext, queue: EventQueue, payload: EventPayload): EventPayload[] {
  const caps = queue.options;
  switch (payload.type) {
    case 'typing':
      return 'stream_id' in payload && !hasCapability(caps, 'stream_typing_notifications') ? [] : [payload];
    case 'delete_message':
      return hasCapability(caps, 'bulk_message_deletion') ? [payload] : splitDeletes(payload);
    case 'user_settings': {
      // The legacy types were sent to clients without user_settings_object until level 439.
      const legacy = !has('legacy_settings_events_removed', ctx.store.featureLevel);
      if (payload.op !== 'update' || !legacy || hasCapability(caps, 'user_settings_object')) return [payload];
      const user = ctx.store.state.users.get(queue.userId);
      return [payload, ...legacySettingsEvents(payload, user ? apiEmail(ctx.store.state, user) : '')];
    }
    case 'stream':
      return payload.op === 'update' ? streamUpdate(ctx, queue, payload) : [payload];
    case 'subscription':
      return [subscriptionEvent(ctx, queue, payload)];
    case 'user_group': {
      const data = payload.data as Record<string, unknown> | undefined;
      if (
        payload.op === 'update' &&
        data?.deactivated === true &&
        !hasCapability(caps, 'include_deactivated_groups')
      ) {
        return [{ type: 'user_group', op: 'remove', group_id: payload.group_id }];
      }
      return [payload];
    }
    case 'realm_linkifiers':
      return linkifiersEvent(ctx, queue, payload);
    case 'realm_emoji':
      // The capability is only kept at levels that know it (see supportedCapabilities).
      return hasCapability(caps, 'individual_emoji_changes') && payload.$emoji
        ? [payload.$emoji as EventPayload]
        : [payload];
    case 'presence':
      return [presenceEventFor(ctx.store.state, payload.$presence as PresenceHint, queue.options)];
    case 'muted_topics':
      return caps.eventTypes?.has('user_topic') ? [] : [payload];
    default:
      return [payload];
  }
}

/** Replaces the stored empty topic with the display name for clients without empty_topic_name. */
function withDisplayTopics(ctx: DeliveryContext, payload: EventPayload): EventPayload {
  if (!('stream_id' in payload)) return payload;
  let out = payload;
  for (const key of TOPIC_KEYS) {
    if (out[key] === '') out = { ...out, [key]: displayTopic(ctx.store.state, '', false) };
  }
  return out;
}

/** Drops the internal `$` hints. */
function withoutHints(payload: EventPayload): EventPayload {
  let hinted = false;
  for (const key in payload) if (key.charCodeAt(0) === 36) hinted = true;
  if (!hinted) return payload;
  const out: EventPayload = { type: payload.type };
  for (const key in payload) if (key.charCodeAt(0) !== 36) out[key] = payload[key];
  return out;
}

/** The events `queue` receives for one emitted payload other than a message (see deliverMessage), in order. */
export function deliverables(ctx: DeliveryContext, queue: EventQueue, payload: EventPayload): EventPayload[] {
  const types = queue.options.eventTypes;
  // user_settings also yields the legacy types, which a queue may have asked for on their own.
  if (types && !types.has(payload.type) && payload.type !== 'user_settings') return [];
  const emptyTopicOk = hasCapability(queue.options, 'empty_topic_name');
  const out: EventPayload[] = [];
  for (const event of byType(ctx, queue, payload)) {
    if (types && !types.has(event.type)) continue;
    out.push(withoutHints(emptyTopicOk || event.type === 'message' ? event : withDisplayTopics(ctx, event)));
  }
  return out;
}
