/** GET /messages/{message_id}/read_receipts: who has read a message. */
import type { GetMessagesMessageIdReadReceiptsParams } from '../../generated/types.js';
import { canReadMessage } from '../../store/access.js';
import { FLAG_BITS, type RealmState, type UserRecord } from '../../store/state.js';
import type { MessageRecord } from '../../store/state.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

const mutes = (state: RealmState, muter: number, muted: number): boolean =>
  state.mutedUsers.get(muter)?.has(muted) ?? false;

/**
 * Active users who marked the message read: never its sender, never users with send_read_receipts off, and (from
 * feature level 144) not users the viewer muted or who muted the viewer. Ascending ids.
 */
function readers(
  state: RealmState,
  viewer: UserRecord,
  message: MessageRecord,
  hideMuted: boolean,
): number[] {
  const out: number[] = [];
  for (const [userId, rows] of state.index.flags) {
    if (userId === message.sender_id) continue;
    if (((rows.get(message.id) ?? 0) & FLAG_BITS.read) === 0) continue;
    const reader = state.users.get(userId);
    if (!reader?.is_active || !reader.settings.send_read_receipts) continue;
    if (hideMuted && (mutes(state, viewer.user_id, userId) || mutes(state, userId, viewer.user_id))) continue;
    out.push(userId);
  }
  return out.sort((a, b) => a - b);
}

/** GET /messages/{message_id}/read_receipts. */
export const readReceiptRoutes = [
  defineRoute<GetMessagesMessageIdReadReceiptsParams>({
    method: 'GET',
    path: '/messages/{message_id}/read_receipts',
    schema: 'get-messages-message-id-read-receipts',
    summary: 'Who has read a message (their read receipts)',
    // Below feature level 137 the dispatcher answers 404 (ENDPOINT_GATES in src/versions/endpoints.ts).
    handler({ store, user, params }) {
      const { state } = store;
      // As on the server: the message is checked first, then the organization's setting.
      const message = state.messages.get(params.message_id);
      if (!message || !canReadMessage(state, user, message)) throw errors.invalidMessage();
      if (!state.settings.enable_read_receipts) throw errors.readReceiptsDisabled();
      const hideMuted = has('read_receipts_hide_muted', store.featureLevel);
      return { user_ids: readers(state, user, message, hideMuted) };
    },
  }),
];
