/** Where a scheduled message goes, and whether its sender may send there now (at scheduling and at delivery). */
import { sendRefusal, type SendRefusal } from '../channels/permissions.js';
import type { RealmState, ScheduledMessageRecord, UserRecord } from '../state.js';
import { apiEmail } from '../users.js';
import { has } from '../../versions/index.js';

/** A resolved destination. */
export type ScheduledTarget =
  { type: 'stream'; streamId: number; topic: string } | { type: 'private'; userIds: number[] };

/** Why a message cannot be sent to a target; the API layer and delivery turn it into text. */
export type TargetRefusal =
  | { kind: 'stream_not_found'; streamId: number }
  | { kind: 'channel'; name: string; refusal: SendRefusal }
  | { kind: 'empty_topic_disallowed'; byChannel: boolean }
  | { kind: 'no_recipients' }
  | { kind: 'invalid_user'; id: number }
  | { kind: 'deactivated_user'; email: string };

/** Checks that `sender` may send to `target` right now. */
export function checkTarget(
  state: RealmState,
  sender: UserRecord,
  target: ScheduledTarget,
): TargetRefusal | null {
  if (target.type === 'stream') {
    const channel = state.channels.get(target.streamId);
    if (!channel) return { kind: 'stream_not_found', streamId: target.streamId };
    const refusal = sendRefusal(state, sender, channel);
    if (refusal) return { kind: 'channel', name: channel.name, refusal };
    if (target.topic === '') {
      const policy =
        channel.topics_policy === 'inherit' ? state.settings.topics_policy : channel.topics_policy;
      if (policy === 'disable_empty_topic')
        return { kind: 'empty_topic_disallowed', byChannel: channel.topics_policy !== 'inherit' };
    }
    return null;
  }
  if (target.userIds.length === 0) return { kind: 'no_recipients' };
  for (const id of target.userIds) {
    const user = state.users.get(id);
    if (!user) return { kind: 'invalid_user', id };
    if (!user.is_active) return { kind: 'deactivated_user', email: apiEmail(state, user) };
  }
  return null;
}

/** The plain-text reason for a refusal, as the server words it (also the failure notice's quote). */
export function refusalText(refusal: TargetRefusal, featureLevel: number): string {
  const channelWord = has('channel_wording', featureLevel) ? 'Channel' : 'Stream';
  switch (refusal.kind) {
    case 'stream_not_found':
      return `${channelWord} with ID '${refusal.streamId}' does not exist`;
    case 'channel':
      return refusal.refusal === 'not_in_send_group'
        ? 'You do not have permission to post in this channel.'
        : `Not authorized to send to ${channelWord.toLowerCase()} '${refusal.name}'`;
    case 'empty_topic_disallowed':
      return refusal.byChannel
        ? 'Sending messages to the general chat is not allowed in this channel.'
        : 'Topics are required in this organization.';
    case 'no_recipients':
      return 'Message must have recipients';
    case 'invalid_user':
      return `Invalid user ID ${refusal.id}`;
    case 'deactivated_user':
      return `'${refusal.email}' is no longer using Svc.`;
  }
}

/** The target a stored scheduled message points at. */
export function targetOf(record: ScheduledMessageRecord): ScheduledTarget {
  return record.type === 'stream'
    ? { type: 'stream', streamId: record.to as number, topic: record.topic }
    : { type: 'private', userIds: record.to as number[] };
}
