/** Compares two audited states: every difference (path, before → after) apart from the run's own objects and volatile fields. */
import type { AuditState } from './read-state.js';

/** One difference between the state before a run and after it. */
export interface AuditDifference {
  /** JSON pointer into the audited state, e.g. `/users/17/is_active`. */
  path: string;
  /** The value before the run; undefined when the object did not exist. */
  before: unknown;
  /** The value after the run; undefined when the object is gone. */
  after: unknown;
}

/**
 * Fields left out of the comparison anywhere in the state, each because it moves without any change a suite could
 * undo (comparing them would make the audit flaky):
 */
const VOLATILE_KEYS = new Set([
  // Counts of traffic and subscribers: the run's own messages and its {run}-named users move them.
  'stream_weekly_traffic',
  'subscriber_count',
  // Whether a channel had messages lately: the run's messages make every channel it writes to "recently active".
  'is_recently_active',
  // Where a channel's history starts: a run writing to an empty channel sets it, and deleting its messages
  // may or may not move it back depending on the server; messages are the run's own objects, not audited.
  'first_message_id',
  // The newest message id and the server's start generation grow with every write and restart.
  'max_message_id',
  'server_generation',
  // Secrets are not state to compare and must never reach a report.
  'api_key',
  'password',
]);

/** Top-level collections whose new members are the run's own objects when their names carry the run id. */
const NAME_KEYS = ['name', 'full_name', 'email', 'delivery_email', 'pattern', 'url_template'];

/** Lists of ids that the run's own users or groups join (system groups' members, a channel's subscribers...). */
const USER_ID_LISTS = new Set(['members', 'direct_members', 'subscribers']);
const GROUP_ID_LISTS = new Set(['subgroups', 'direct_subgroups', 'direct_subgroup_ids']);

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether an object is named after the run (its name, e-mail, pattern... carries the run id). */
function namedByRun(value: unknown, runId: string): boolean {
  if (!isObject(value)) return false;
  return NAME_KEYS.some((k) => typeof value[k] === 'string' && (value[k] as string).includes(runId));
}

/** Ids of the objects the run created (present after, absent before, named by the run), by kind. */
function runOwned(
  before: AuditState,
  after: AuditState,
  runId: string,
): { users: Set<number>; groups: Set<number> } {
  const created = (section: string): Set<number> => {
    const b = isObject(before[section]) ? before[section] : {};
    const a = isObject(after[section]) ? after[section] : {};
    return new Set(
      Object.entries(a)
        .filter(([id, v]) => !(id in b) && namedByRun(v, runId))
        .map(([id]) => Number(id)),
    );
  };
  return { users: created('users'), groups: created('user_groups') };
}

/** Compares `before` and `after`; objects new after the run and named with `runId` are left out. */
export function compareStates(before: AuditState, after: AuditState, runId: string): AuditDifference[] {
  const owned = runOwned(before, after, runId);
  const out: AuditDifference[] = [];
  const clean = (key: string, value: unknown): unknown => {
    if (!Array.isArray(value)) return value;
    const drop = USER_ID_LISTS.has(key) ? owned.users : GROUP_ID_LISTS.has(key) ? owned.groups : undefined;
    const kept = drop ? value.filter((v) => !(typeof v === 'number' && drop.has(v))) : value;
    // Lists of plain values are sets here (members, alert words): a server may return them in any order.
    return kept.every((v) => v === null || typeof v !== 'object') ? [...kept].sort() : kept;
  };
  const walk = (b: unknown, a: unknown, path: string): void => {
    if (isObject(b) && isObject(a)) {
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
        if (VOLATILE_KEYS.has(key)) continue;
        const inB = key in b;
        const inA = key in a;
        // A new object named by the run (a user, channel, subscription, group...) is the run's own.
        if (!inB && inA && namedByRun(a[key], runId)) continue;
        const child = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (!inB || !inA) out.push({ path: child, before: strip(b[key]), after: strip(a[key]) });
        else walk(clean(key, b[key]), clean(key, a[key]), child);
      }
      return;
    }
    if (JSON.stringify(strip(b)) !== JSON.stringify(strip(a)))
      out.push({ path, before: strip(b), after: strip(a) });
  };
  walk(before, after, '');
  return out;
}

/** A value without its volatile and secret fields (for whole objects reported as added or removed). */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !VOLATILE_KEYS.has(k))
      .map(([k, v]) => [k, strip(v)]),
  );
}
