/** Presence: who was last active or connected when, its updates and events, and its two wire formats. */
import { apiEmail } from '../users.js';
import { canAccessAllUsers, canAccessUser } from '../users/visibility.js';
import type { RealmState, UserRecord } from '../state.js';
import type { EventPayload, Store } from '../store.js';
import { hasCapability, type QueueOptions } from './options.js';

/** One user's presence (the modern model: last activity and last connection, UNIX seconds). */
export interface PresenceRecord {
  active_timestamp: number;
  idle_timestamp: number;
  /** Value of the realm's presence update counter when this record last changed. */
  last_update_id: number;
}

/** The realm's presence data (kept beside the realm state; the fixture has none). */
export interface PresenceState {
  byUser: Map<number, PresenceRecord>;
  lastUpdateId: number;
}

/** What a presence emit carries; the queue layer formats it per queue. */
export interface PresenceHint {
  userId: number;
  record: PresenceRecord;
  serverTimestamp: number;
}

/** Seconds after which a user without updates counts as offline. */
export const OFFLINE_THRESHOLD_SECS = 200;
/** Legacy status is "active" when the last activity is at most this much older than the last connection. */
const LEGACY_ACTIVE_OFFSET_SECS = 70;

const presenceStates = new WeakMap<RealmState, PresenceState>();

/** The presence data of a realm. */
export function presenceState(state: RealmState): PresenceState {
  let presence = presenceStates.get(state);
  if (!presence) presenceStates.set(state, (presence = { byUser: new Map(), lastUpdateId: 0 }));
  return presence;
}

/** The legacy per-client entry: status derived from the two timestamps. */
export function legacyClientPresence(record: PresenceRecord): {
  client: string;
  status: 'active' | 'idle';
  timestamp: number;
  pushable: boolean;
} {
  const active = record.active_timestamp + LEGACY_ACTIVE_OFFSET_SECS >= record.idle_timestamp;
  return {
    client: 'website',
    status: active ? 'active' : 'idle',
    timestamp: active ? record.active_timestamp : record.idle_timestamp,
    pushable: false,
  };
}

/** The legacy presence object (register, GET /realm/presence): per client plus `aggregated`. */
export function legacyPresence(record: PresenceRecord): Record<string, unknown> {
  const website = legacyClientPresence(record);
  return {
    aggregated: { client: website.client, status: website.status, timestamp: website.timestamp },
    website,
  };
}

/**
 * Records a presence update; emits a presence event to every active user when the user comes online,
 * first appears, or switches between active and idle.
 */
export function updatePresence(store: Store, user: UserRecord, status: 'active' | 'idle'): PresenceRecord {
  const presence = presenceState(store.state);
  const now = store.now();
  const previous = presence.byUser.get(user.user_id);
  const wasOnline = previous !== undefined && now - previous.idle_timestamp <= OFFLINE_THRESHOLD_SECS;
  const before = previous && legacyClientPresence(previous).status;
  const record: PresenceRecord = {
    active_timestamp:
      status === 'active' ? now : (previous?.active_timestamp ?? now - OFFLINE_THRESHOLD_SECS),
    idle_timestamp: now,
    last_update_id: ++presence.lastUpdateId,
  };
  presence.byUser.set(user.user_id, record);
  const changed = !wasOnline || before !== legacyClientPresence(record).status;
  if (changed && !store.state.settings.presence_disabled && user.settings.presence_enabled) {
    const hint: PresenceHint = { userId: user.user_id, record, serverTimestamp: store.clock.now() / 1000 };
    // Users who cannot access this user (guests, when the realm limits them) never hear of their presence.
    const audience = store.activeUserIds().filter((id) => {
      const viewer = store.state.users.get(id);
      return !viewer || canAccessAllUsers(store.state, viewer) || canAccessUser(store.state, viewer, user);
    });
    store.emit(audience, { type: 'presence', $presence: hint });
  }
  return record;
}

/** The presence event a queue receives: modern with simplified_presence_events, else legacy. */
export function presenceEventFor(state: RealmState, hint: PresenceHint, options: QueueOptions): EventPayload {
  const { active_timestamp, idle_timestamp } = hint.record;
  if (hasCapability(options, 'simplified_presence_events')) {
    return { type: 'presence', presences: { [String(hint.userId)]: { active_timestamp, idle_timestamp } } };
  }
  const user = state.users.get(hint.userId);
  const entry = legacyClientPresence(hint.record);
  return {
    type: 'presence',
    user_id: hint.userId,
    email: user ? apiEmail(state, user) : '',
    server_timestamp: hint.serverTimestamp,
    presence: { [entry.client]: entry },
  };
}

/**
 * Presences of the realm's users updated within `historyDays` days: keyed by user id (slim, modern
 * shape) or by API e-mail (legacy shape); only users the viewer may access (undefined: everyone).
 */
export function presencesSnapshot(
  store: Store,
  options: { slim: boolean; historyDays: number; viewer?: UserRecord },
): Record<string, unknown> {
  const since = store.now() - options.historyDays * 86400;
  const out: Record<string, unknown> = {};
  const { viewer } = options;
  const limited = viewer !== undefined && !canAccessAllUsers(store.state, viewer);
  for (const [userId, record] of presenceState(store.state).byUser) {
    const user = store.state.users.get(userId);
    if (!user?.is_active || record.idle_timestamp < since) continue;
    if (limited && !canAccessUser(store.state, viewer, user)) continue;
    if (options.slim) {
      out[String(userId)] = {
        active_timestamp: record.active_timestamp,
        idle_timestamp: record.idle_timestamp,
      };
    } else {
      out[apiEmail(store.state, user)] = legacyPresence(record);
    }
  }
  return out;
}
