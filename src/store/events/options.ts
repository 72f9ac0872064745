/** What a queue was registered with: the filters and per-queue formatting choices of POST /register. */

/** client_capabilities keys the mock understands (unknown keys are accepted and ignored). */
export const CAPABILITY_KEYS = [
  'notification_settings_null',
  'bulk_message_deletion',
  'user_avatar_url_field_optional',
  'stream_typing_notifications',
  'user_settings_object',
  'linkifier_url_template',
  'user_list_incomplete',
  'include_deactivated_groups',
  'archived_channels',
  'empty_topic_name',
  'simplified_presence_events',
  'individual_emoji_changes',
] as const;

/** One client capability name. */
export type Capability = (typeof CAPABILITY_KEYS)[number];

/** A register narrow term, `[operator, operand]`. */
export type QueueNarrowTerm = readonly [string, string];

/** The per-queue choices; every field is fixed at registration. */
export interface QueueOptions {
  /** Event types the queue receives; null means all. */
  eventTypes: ReadonlySet<string> | null;
  applyMarkdown: boolean;
  clientExtavatar: boolean;
  allPublicStreams: boolean;
  slimPresence: boolean;
  capabilities: Readonly<Partial<Record<Capability, boolean>>>;
  narrow: readonly QueueNarrowTerm[];
  /** Idle time after which the queue is discarded (seconds). */
  lifespanSecs: number;
}

/** Default idle lifespan of a queue (queue_lifespan_secs 0 means this). */
export const DEFAULT_LIFESPAN_SECS = 600;
/** Longest idle lifespan a client may ask for. */
export const MAX_LIFESPAN_SECS = 7 * 24 * 3600;

/** Options with every default filled in. */
export function queueOptions(partial: Partial<QueueOptions> = {}): QueueOptions {
  const lifespan = partial.lifespanSecs || DEFAULT_LIFESPAN_SECS;
  return {
    eventTypes: partial.eventTypes ?? null,
    applyMarkdown: partial.applyMarkdown ?? false,
    clientExtavatar: partial.clientExtavatar ?? true,
    allPublicStreams: partial.allPublicStreams ?? false,
    slimPresence: partial.slimPresence ?? false,
    capabilities: partial.capabilities ?? {},
    narrow: partial.narrow ?? [],
    lifespanSecs: Math.min(lifespan, MAX_LIFESPAN_SECS),
  };
}

/** Whether the queue declared a client capability. */
export function hasCapability(options: QueueOptions, name: Capability): boolean {
  return options.capabilities[name] === true;
}
