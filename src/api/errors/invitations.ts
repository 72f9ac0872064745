/** Errors of invitations (INVITATION_FAILED and the permission and channel texts) and of accepting them. */
import type { AcceptRefusal } from '../../store/invitations/accept.js';
import { ApiError, bad } from './core.js';
import { settingsErrors } from './settings.js';
import { has } from '../../versions/index.js';

/** One address that could not be invited: [address, reason, is_deactivated]. */
export type InviteAddressError = [string, string, boolean];

const invitationFailed = (
  msg: string,
  errors: InviteAddressError[],
  flags: { sent: boolean; daily?: boolean; license?: boolean },
) =>
  new ApiError('INVITATION_FAILED', msg, 400, {
    errors,
    sent_invitations: flags.sent,
    license_limit_reached: flags.license ?? false,
    daily_limit_reached: flags.daily ?? false,
  });

/** Invitation error factories. */
export const invitationErrors = {
  noInviteEmails: () => bad('You must specify at least one email address.'),
  inviteInvalidChannel: (streamId: number, featureLevel: number) =>
    bad(
      has('channel_wording', featureLevel)
        ? `Invalid channel ID ${streamId}. No invites were sent.`
        : `Stream does not exist with id: ${streamId}. No invites were sent.`,
    ),
  cannotSubscribeOthers: () => bad('You do not have permission to subscribe other users to channels.'),
  noSuchInvitation: () => bad('No such invitation'),
  invitesInvalidAddresses: (errors: InviteAddressError[]) =>
    invitationFailed("Some emails did not validate, so we didn't send any invitations.", errors, {
      sent: false,
    }),
  invitesNobodyInvited: (errors: InviteAddressError[]) =>
    invitationFailed("We weren't able to invite anyone.", errors, { sent: false }),
  invitesSomeSkipped: (errors: InviteAddressError[]) =>
    invitationFailed(
      "Some of those addresses are already using Svc, so we didn't send them an invitation. " +
        'We did send invitations to everyone else!',
      errors,
      { sent: true },
    ),
  invitesDailyLimit: () =>
    invitationFailed(
      'To protect users, Svc limits the number of invitations you can send in one day. ' +
        'Because you have reached the limit, no invitations were sent.',
      [],
      { sent: false, daily: true },
    ),
  acceptRefused: (refusal: AcceptRefusal) => {
    switch (refusal.kind) {
      case 'no_invitation':
        return bad('No such invitation');
      case 'expired':
        return bad('The invitation has expired.');
      case 'revoked':
        return bad('The invitation has been revoked.');
      case 'used':
        return bad('The invitation has already been used.');
      case 'invalid_email':
        return bad('Invalid address.');
      case 'email_in_use':
        return bad(`Email '${refusal.email}' already in use`);
      case 'name':
        return settingsErrors.nameRefused(refusal.refusal);
    }
  },
} as const;
