/** Invitations: POST/GET /invites, POST /invites/multiuse, revocation and resending. */
import type {
  DeleteInvitesInviteIdParams,
  PostInvitesInviteIdResendParams,
  PostInvitesMultiuseParams,
  PostInvitesParams,
} from '../../generated/types.js';
import { isValidEmail, parseInviteeEmails } from '../../store/invitations/invite-emails.js';
import {
  createInviteLink,
  DAILY_INVITE_LIMIT,
  formatInvitation,
  inviteByEmail,
  inviteLink,
  invitesSentToday,
  isOpen,
  resendInvitation,
  revokeInvitation,
  visibleInvitations,
} from '../../store/invitations/invitations.js';
import type { InvitationRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import type { InviteAddressError } from '../errors/invitations.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { acceptInvitationRoute } from './invites-accept.js';
import { checkInviteOptions } from './invite-options.js';

/** Finds an open invitation of the given kind that the caller may manage. */
function managedInvitation(store: Store, user: UserRecord, id: number, multiuse: boolean): InvitationRecord {
  // Every invitation endpoint is for members and administrators only, checked before the id.
  if (user.role === 600) throw errors.notForGuests();
  const invitation = store.state.invitations.get(id);
  if (!invitation || (invitation.email === null) !== multiuse || !isOpen(invitation, store.now()))
    throw errors.noSuchInvitation();
  if (invitation.invited_by_user_id !== user.user_id) {
    if (invitation.invited_as === 100 && user.role !== 100) throw errors.mustBeOwner();
    if (user.role > 200) throw errors.mustBeAdmin();
  }
  return invitation;
}

export const inviteRoutes = [
  defineRoute<PostInvitesParams>({
    method: 'POST',
    path: '/invites',
    schema: 'post-invites',
    summary: 'Invite users by e-mail',
    handler({ store, user, params }) {
      const { state } = store;
      if (user.role === 600) throw errors.notForGuests();
      const options = checkInviteOptions(store, user, params, 'can_invite_users_group', () => {
        if (params.invitee_emails.trim() === '') throw errors.noInviteEmails();
      });
      const emails = parseInviteeEmails(params.invitee_emails);
      if (!emails.length) throw errors.noInviteEmails();
      if (invitesSentToday(state, store.now()) + emails.length > DAILY_INVITE_LIMIT)
        throw errors.invitesDailyLimit();
      const invalid: InviteAddressError[] = emails
        .filter((e) => !isValidEmail(e))
        .map((e) => [e, 'Invalid address.', false]);
      const skipped: InviteAddressError[] = [];
      const toInvite: string[] = [];
      for (const email of emails.filter(isValidEmail)) {
        const existing = state.usersByEmail.get(email.toLowerCase());
        if (!existing) toInvite.push(email);
        else if (existing.is_active) skipped.push([email, 'Already has an account.', false]);
        else skipped.push([email, 'Account has been deactivated.', true]);
      }
      if (invalid.length) throw errors.invitesInvalidAddresses([...invalid, ...skipped]);
      if (!toInvite.length) throw errors.invitesNobodyInvited(skipped);
      inviteByEmail(store, user, toInvite, options);
      if (skipped.length) throw errors.invitesSomeSkipped(skipped);
      return {};
    },
  }),
  defineRoute<PostInvitesMultiuseParams>({
    method: 'POST',
    path: '/invites/multiuse',
    schema: 'post-invites-multiuse',
    summary: 'Create a reusable invitation link',
    handler({ store, user, params }) {
      if (user.role === 600) throw errors.notForGuests();
      const options = checkInviteOptions(
        store,
        user,
        { ...params, notify_referrer_on_join: false },
        'create_multiuse_invite_group',
      );
      return { invite_link: inviteLink(store.state, createInviteLink(store, user, options)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/invites',
    schema: 'get-invites',
    summary: 'Open invitations: all for administrators, else the caller’s own',
    handler({ store, user }) {
      if (user.role === 600) throw errors.notForGuests();
      const invites = visibleInvitations(store.state, user, store.now()).map((i) =>
        formatInvitation(store.state, i),
      );
      return { invites };
    },
  }),
  defineRoute<DeleteInvitesInviteIdParams>({
    method: 'DELETE',
    path: '/invites/{invite_id}',
    schema: 'delete-invites-invite-id',
    summary: 'Revoke an e-mail invitation',
    handler({ store, user, params }) {
      revokeInvitation(store, managedInvitation(store, user, params.invite_id, false));
      return {};
    },
  }),
  defineRoute<DeleteInvitesInviteIdParams>({
    method: 'DELETE',
    path: '/invites/multiuse/{invite_id}',
    schema: 'delete-invites-multiuse-invite-id',
    summary: 'Revoke a reusable invitation link',
    handler({ store, user, params }) {
      revokeInvitation(store, managedInvitation(store, user, params.invite_id, true));
      return {};
    },
  }),
  defineRoute<PostInvitesInviteIdResendParams>({
    method: 'POST',
    path: '/invites/{invite_id}/resend',
    schema: 'post-invites-invite-id-resend',
    summary: 'Send an e-mail invitation again',
    handler({ store, user, params }) {
      const invitation = managedInvitation(store, user, params.invite_id, false);
      if (invitesSentToday(store.state, store.now()) + 1 > DAILY_INVITE_LIMIT)
        throw errors.invitesDailyLimit();
      return { timestamp: resendInvitation(store, invitation) };
    },
  }),
  acceptInvitationRoute,
];
