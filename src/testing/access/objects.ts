/** The object a cell acts on: its id for a caller and a variant (queues and invitations are made on demand). */
import type { Mock } from '../../mock/create-mock.js';
import { inviteByEmail, createInviteLink, type InviteOptions } from '../../store/invitations/invitations.js';
import type { CallerName } from './callers.js';
import { IDS, MARK, ownMessageId, ownObjectId } from './realm.js';
import type { ObjectKind, Variant } from './rules.js';

const INVITE_OPTIONS: InviteOptions = {
  expiresInMinutes: 60,
  invitedAs: 400,
  streamIds: [],
  groupIds: [],
  includeRealmDefaultSubscriptions: false,
  notifyReferrerOnJoin: false,
  welcomeMessageCustomText: null,
};

function user(mock: Mock, id: number) {
  const found = mock.store.state.users.get(id);
  if (!found) throw new Error(`no user ${id} in the access realm`);
  return found;
}

function makeInvite(mock: Mock, ownerId: number, link: boolean): number {
  const referrer = user(mock, ownerId);
  if (link) return createInviteLink(mock.store, referrer, INVITE_OPTIONS).id;
  inviteByEmail(mock.store, referrer, [`invitee-${ownerId}@example.org`], INVITE_OPTIONS);
  return Math.max(...mock.store.state.invitations.keys());
}

/** The id (or e-mail) standing for `variant` of `kind` for the user `callerId`; may create the object. */
export function objectId(
  mock: Mock,
  kind: ObjectKind,
  variant: Variant,
  caller: CallerName,
  callerId: number,
): string | number {
  const own = variant === 'own';
  switch (kind) {
    case 'message':
      return own ? ownMessageId(callerId) : variant === 'other' ? IDS.publicMessage : IDS.vaultMessage;
    case 'draft':
    case 'snippet':
    case 'scheduled':
      return own ? ownObjectId(callerId) : IDS.keeperObject;
    case 'channel':
      return own ? IDS.publicChannel : IDS.vault;
    case 'user':
      return own ? callerId : variant === 'other' ? IDS.quiet : IDS.keeper;
    case 'email':
      return own
        ? user(mock, callerId).delivery_email
        : variant === 'other'
          ? MARK.adminEmail
          : MARK.hiddenEmail;
    case 'group':
      return own ? IDS.ownGroup : IDS.vaultGroup;
    case 'queue':
      // An unauthenticated caller has no queue: it names the member's.
      return mock.services.queues.register(own || caller === 'none' ? callerId : IDS.keeper).id;
    case 'invite':
    case 'link':
      return makeInvite(mock, own ? callerId : IDS.prospero, kind === 'link');
    case 'linkifier':
      return Math.min(...mock.store.state.linkifiers.map((l) => l.id));
    case 'playground':
      return Math.min(...mock.store.state.playgrounds.keys());
  }
}
