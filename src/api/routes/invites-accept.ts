/** POST /svc-mock/invitations/accept: the mock-only stand-in for signing up through an invitation. */
import type { PostSvcMockInvitationsAcceptParams } from '../../generated/types.js';
import { acceptInvitation } from '../../store/invitations/accept.js';
import { errors } from '../errors/index.js';
import { definePublicRoute } from '../route.js';

/**
 * Accepts an invitation without authentication: `key` picks a reusable link (the last path segment of
 * invite_link), otherwise the newest e-mail invitation of `email` is used. Creates the user with the
 * invited role, channels (plus default channels when asked) and groups.
 */
export const acceptInvitationRoute = definePublicRoute<PostSvcMockInvitationsAcceptParams>({
  method: 'POST',
  path: '/svc-mock/invitations/accept',
  root: true,
  auth: 'none',
  schema: 'post-svc-mock-invitations-accept',
  summary: 'Mock only: accept an invitation and create the invited user',
  handler({ store, params }) {
    const result = acceptInvitation(store, {
      email: params.email,
      fullName: params.full_name,
      key: params.key,
    });
    if ('refusal' in result) throw errors.acceptRefused(result.refusal);
    const { user } = result;
    return { user_id: user.user_id, email: user.delivery_email, api_key: user.api_key };
  },
});
