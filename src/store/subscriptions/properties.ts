/** Personal subscription properties (POST /users/me/subscriptions/properties): validation, then changes. */
import type { RealmState, SubscriptionRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { hasContentAccess } from '../access.js';

/** Notification properties: a boolean, or null to inherit the user-level default. */
const NULLABLE = [
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;
const BOOLEAN = ['is_muted', 'in_home_view', 'pin_to_top'] as const;

/** One requested change. */
export interface PropertyChange {
  stream_id: number;
  property: string;
  value: boolean | string | null;
}

/** Why a request is refused (the first problem found). */
export type PropertyProblem =
  | { kind: 'unknown_property'; property: string }
  | { kind: 'not_subscribed'; streamId: number }
  | { kind: 'invalid_channel'; streamId: number }
  | { kind: 'not_boolean'; property: string }
  | { kind: 'invalid_value'; property: string };

/** Validates every change before any is applied; returns them, or the first problem. */
export function checkProperties(
  state: RealmState,
  user: UserRecord,
  data: readonly PropertyChange[],
): PropertyChange[] | { error: PropertyProblem } {
  for (const item of data) {
    const { property, value } = item;
    const known =
      property === 'color' ||
      (BOOLEAN as readonly string[]).includes(property) ||
      (NULLABLE as readonly string[]).includes(property);
    if (!known) return { error: { kind: 'unknown_property', property } };
    // As the real server: a channel the user cannot reach is invalid (its existence is not revealed).
    const channel = state.channels.get(item.stream_id);
    if (!channel || !hasContentAccess(state, user, channel))
      return { error: { kind: 'invalid_channel', streamId: item.stream_id } };
    if (!state.subscriptions.get(user.user_id)?.get(item.stream_id)?.active)
      return { error: { kind: 'not_subscribed', streamId: item.stream_id } };
    if (property === 'color') {
      if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value))
        return { error: { kind: 'invalid_value', property } };
    } else if (
      typeof value !== 'boolean' &&
      !(value === null && (NULLABLE as readonly string[]).includes(property))
    ) {
      return { error: { kind: 'not_boolean', property } };
    }
  }
  return [...data];
}

/**
 * Applies validated changes, emitting subscription/update per change. is_muted and its inverse
 * in_home_view both send the legacy in_home_view event first, then the is_muted event.
 */
export function applyProperties(store: Store, user: UserRecord, changes: readonly PropertyChange[]): void {
  for (const { stream_id, property, value } of changes) {
    const sub = store.state.subscriptions.get(user.user_id)!.get(stream_id)!;
    const emit = (prop: string, v: unknown) =>
      store.emit([user.user_id], { type: 'subscription', op: 'update', stream_id, property: prop, value: v });
    if (property === 'is_muted' || property === 'in_home_view') {
      const muted = property === 'is_muted' ? (value as boolean) : !(value as boolean);
      sub.is_muted = muted;
      emit('in_home_view', !muted);
      emit('is_muted', muted);
      continue;
    }
    (sub as unknown as Record<string, unknown>)[property] =
      property === 'color' ? (value as string).toLowerCase() : value;
    emit(
      property,
      (sub as unknown as Record<keyof SubscriptionRecord, unknown>)[property as keyof SubscriptionRecord],
    );
  }
}
