/**
 * Every behaviour of the API that depends on the feature level, in one table.
 *
 * Each entry names the level a behaviour appeared at (a server at that level or above has it), what it
 * changes and where. Handlers never compare feature levels themselves: they ask `has(name, level)`
 * (src/versions/index.ts). Sources: the spec's Versioning table, ../shared/spec/reference-facts.md ([FL n]
 * marks) and the server's API changelog. A behaviour that was later taken back again has `until`: it holds
 * from `level` up to (not including) `until`.
 */
export interface Behaviour {
  /** The first feature level that has the behaviour. */
  readonly level: number;
  /** The first level that no longer has it, for behaviours that were later reverted. */
  readonly until?: number;
  /** What the behaviour changes, in one sentence. */
  readonly change: string;
  /** Where it applies: endpoints, events, fields. */
  readonly where: string;
  /** The spec's Versioning table lists it (one test per such row at the level below and at the level). */
  readonly specRow?: true;
}

export const BEHAVIOURS = {
  // --- The spec's Versioning table -------------------------------------------------------------------
  stream_post_policy: {
    level: 1,
    change: 'stream_post_policy replaces is_announcement_only on channels',
    where: 'channel objects, POST /users/me/subscriptions, PATCH /streams/{id}, stream events',
    specRow: true,
  },
  string_anchors: {
    level: 1,
    change: 'anchor accepts "newest", "oldest", "first_unread"; svc_feature_level is reported',
    where: 'GET /messages anchor; GET /server_settings and POST /register',
    specRow: true,
  },
  reaction_type_optional: {
    level: 2,
    change: 'reaction_type may be left out when removing a custom-emoji reaction',
    where: 'DELETE /messages/{id}/reactions',
    specRow: true,
  },
  channel_wording: {
    level: 255,
    change: 'error texts and notices say "channel" instead of "stream"',
    where: 'error messages, notification-bot notices',
  },
  // --- Reference facts and changelog behaviours (errors, parameters, events) ---------------------------

  // --- Response shapes: fields a level did not send yet, shapes that changed -----------------------------

  // --- Endpoints beyond the spec that real clients call ---------------------------------------------------
} as const satisfies Record<string, Behaviour>;

export type BehaviourName = keyof typeof BEHAVIOURS;
