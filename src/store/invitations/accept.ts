/** Accepting an invitation (the mock's stand-in for the sign-up pages): creates the invited user. */
import { sendMessage } from '../messages/send.js';
import { notificationBot } from '../scheduled-messages/delivery.js';
import { checkFullName, type NameRefusal } from '../settings/settings.js';
import type { InvitationRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { createUser } from './create-user.js';
import { isValidEmail } from './invite-emails.js';
import { isExpired, notifyInvitesChanged } from './invitations.js';

/** Why an acceptance was refused. */
export type AcceptRefusal =
  | { kind: 'no_invitation' }
  | { kind: 'expired' }
  | { kind: 'revoked' }
  | { kind: 'used' }
  | { kind: 'invalid_email' }
  | { kind: 'email_in_use'; email: string }
  | { kind: 'name'; refusal: NameRefusal };

/** What the new user sends: their address and name, and the key of a reusable link (else the e-mail invitation). */
export interface AcceptInput {
  email: string;
  fullName: string;
  key?: string;
}

function findInvitation(store: Store, input: AcceptInput): InvitationRecord | undefined {
  let found: InvitationRecord | undefined;
  const email = input.email.trim().toLowerCase();
  for (const invitation of store.state.invitations.values()) {
    if (input.key !== undefined) {
      if (invitation.link_key === input.key) return invitation;
    } else if (invitation.email?.toLowerCase() === email && (!found || invitation.id > found.id)) {
      found = invitation;
    }
  }
  return found;
}

/** Checks an acceptance and, when it is valid, creates the user and closes the invitation. */
export function acceptInvitation(
  store: Store,
  input: AcceptInput,
): { user: UserRecord } | { refusal: AcceptRefusal } {
  const { state } = store;
  const invitation = findInvitation(store, input);
  if (!invitation) return { refusal: { kind: 'no_invitation' } };
  if (invitation.revoked) return { refusal: { kind: 'revoked' } };
  if (invitation.email !== null && invitation.accepted_by.length) return { refusal: { kind: 'used' } };
  if (isExpired(invitation, store.now())) return { refusal: { kind: 'expired' } };
  const email = input.email.trim();
  if (!isValidEmail(email)) return { refusal: { kind: 'invalid_email' } };
  if (state.usersByEmail.has(email.toLowerCase())) return { refusal: { kind: 'email_in_use', email } };
  const name = checkFullName(input.fullName);
  if ('refusal' in name) return { refusal: { kind: 'name', refusal: name.refusal } };

  const streamIds = [...invitation.stream_ids];
  if (invitation.include_realm_default_subscriptions) {
    for (const channel of state.channels.values()) if (channel.is_default) streamIds.push(channel.stream_id);
  }
  const user = createUser(store, {
    email,
    fullName: name.name,
    role: invitation.invited_as,
    streamIds,
    groupIds: invitation.group_ids,
  });
  invitation.accepted_by.push(user.user_id);
  if (invitation.email !== null) {
    // Other pending invitations of the same address cannot be used any more.
    for (const other of state.invitations.values()) {
      if (other !== invitation && other.email?.toLowerCase() === email.toLowerCase()) other.revoked = true;
    }
    notifyInvitesChanged(store, invitation.invited_by_user_id);
  }
  announceJoin(store, user, invitation);
  return { user };
}

/** Notification Bot tells the referrer (when asked) and the signup announcements channel. */
function announceJoin(store: Store, user: UserRecord, invitation: InvitationRecord): void {
  const { state } = store;
  const bot = notificationBot(store);
  if (!bot) return;
  const mention = `@_**${user.full_name}|${user.user_id}**`;
  const referrer = state.users.get(invitation.invited_by_user_id);
  if (invitation.email !== null && invitation.notify_referrer_on_join && referrer?.is_active) {
    sendMessage(store, bot, {
      type: 'private',
      recipientIds: [referrer.user_id],
      content: `${mention} accepted your invitation to join Svc!`,
      client: 'Internal',
    });
  }
  announceSignup(store, user);
}

/** Notification Bot's "joined this organization" notice in the signup announcements channel, if there is one. */
export function announceSignup(store: Store, user: UserRecord): void {
  const { state } = store;
  const bot = notificationBot(store);
  if (!bot) return;
  const mention = `@_**${user.full_name}|${user.user_id}**`;
  const channel = state.channels.get(state.settings.signup_announcements_stream_id as number);
  if (channel && !channel.is_archived) {
    sendMessage(store, bot, {
      type: 'stream',
      streamId: channel.stream_id,
      topic: 'signups',
      content: `${mention} joined this organization.`,
      client: 'Internal',
    });
  }
}
