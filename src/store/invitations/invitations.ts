/** Invitations by e-mail and reusable links: creation, listing, revocation, resending, invites_changed. */
import type { Role } from '../../generated/types.js';
import type { InvitationRecord, RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** How many e-mail invitations a realm may send in any 24 hours (the real limit depends on plan and age). */
export const DAILY_INVITE_LIMIT = 100;
/** Validity of an invitation when none is given (server setting INVITATION_LINK_VALIDITY_MINUTES). */
export const DEFAULT_INVITE_MINUTES = 14400;

/** The options shared by e-mail and link invitations. */
export interface InviteOptions {
  expiresInMinutes: number | null;
  invitedAs: Role;
  streamIds: number[];
  groupIds: number[];
  includeRealmDefaultSubscriptions: boolean;
  notifyReferrerOnJoin: boolean;
  welcomeMessageCustomText: string | null;
}

/** Whether an invitation can no longer be used because it expired. */
export function isExpired(invitation: InvitationRecord, now: number): boolean {
  return invitation.expiry_date !== null && invitation.expiry_date <= now;
}

/** Whether an invitation is still open: not revoked, not expired, and (for e-mail ones) not used. */
export function isOpen(invitation: InvitationRecord, now: number): boolean {
  if (invitation.revoked || isExpired(invitation, now)) return false;
  return invitation.email === null || invitation.accepted_by.length === 0;
}

/** The reusable link of a link invitation. */
export function inviteLink(state: RealmState, invitation: InvitationRecord): string {
  return `${state.realm.url}/join/${invitation.link_key}/`;
}

/** Users told about invitation changes: administrators, and the referrer. */
export function notifyInvitesChanged(store: Store, referrerId: number): void {
  const audience = new Set<number>();
  for (const user of store.state.users.values())
    if (user.is_active && user.role <= 200) audience.add(user.user_id);
  if (store.state.users.get(referrerId)?.is_active) audience.add(referrerId);
  store.emit(audience, { type: 'invites_changed' });
}

/** E-mail invitations the realm sent in the last 24 hours (for the daily limit). */
export function invitesSentToday(state: RealmState, now: number): number {
  let count = 0;
  for (const invitation of state.invitations.values()) {
    if (invitation.email !== null && invitation.invited > now - 86400) count++;
  }
  return count;
}

function newRecord(store: Store, referrer: UserRecord, options: InviteOptions): InvitationRecord {
  const now = store.now();
  return {
    id: store.nextId('invitation'),
    invited_by_user_id: referrer.user_id,
    email: null,
    link_key: null,
    invited: now,
    expiry_date: options.expiresInMinutes === null ? null : now + options.expiresInMinutes * 60,
    invited_as: options.invitedAs,
    stream_ids: [...options.streamIds],
    group_ids: [...options.groupIds],
    include_realm_default_subscriptions: options.includeRealmDefaultSubscriptions,
    notify_referrer_on_join: options.notifyReferrerOnJoin,
    welcome_message_custom_text: options.welcomeMessageCustomText,
    accepted_by: [],
    revoked: false,
  };
}

/** Creates one e-mail invitation per (checked) address, then emits invites_changed once. */
export function inviteByEmail(
  store: Store,
  referrer: UserRecord,
  emails: string[],
  options: InviteOptions,
): void {
  for (const email of emails) {
    const record = { ...newRecord(store, referrer, options), email };
    store.state.invitations.set(record.id, record);
  }
  if (emails.length) notifyInvitesChanged(store, referrer.user_id);
}

/** Creates a reusable invitation link and emits invites_changed. */
export function createInviteLink(
  store: Store,
  referrer: UserRecord,
  options: InviteOptions,
): InvitationRecord {
  const record = { ...newRecord(store, referrer, options), link_key: store.random.alphanumeric(24) };
  store.state.invitations.set(record.id, record);
  notifyInvitesChanged(store, referrer.user_id);
  return record;
}

/** The open invitations a user may see (administrators: all of the realm; others: their own), oldest first. */
export function visibleInvitations(state: RealmState, viewer: UserRecord, now: number): InvitationRecord[] {
  return [...state.invitations.values()].filter(
    (i) => isOpen(i, now) && (viewer.role <= 200 || i.invited_by_user_id === viewer.user_id),
  );
}

/** The invitation as GET /invites shows it. */
export function formatInvitation(state: RealmState, invitation: InvitationRecord): Record<string, unknown> {
  const common = {
    id: invitation.id,
    invited_by_user_id: invitation.invited_by_user_id,
    invited: invitation.invited,
    expiry_date: invitation.expiry_date,
    invited_as: invitation.invited_as,
  };
  if (invitation.email === null)
    return { ...common, link_url: inviteLink(state, invitation), is_multiuse: true };
  return {
    ...common,
    email: invitation.email,
    notify_referrer_on_join: invitation.notify_referrer_on_join,
    is_multiuse: false,
  };
}

/** Revokes an invitation and emits invites_changed. */
export function revokeInvitation(store: Store, invitation: InvitationRecord): void {
  invitation.revoked = true;
  notifyInvitesChanged(store, invitation.invited_by_user_id);
}

/** Sends an e-mail invitation again: it counts as sent now and keeps its validity period. */
export function resendInvitation(store: Store, invitation: InvitationRecord): number {
  const now = store.now();
  if (invitation.expiry_date !== null)
    invitation.expiry_date = now + (invitation.expiry_date - invitation.invited);
  invitation.invited = now;
  notifyInvitesChanged(store, invitation.invited_by_user_id);
  return now;
}
