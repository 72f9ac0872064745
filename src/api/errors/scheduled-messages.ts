/** Errors of scheduled messages. */
import type { TargetRefusal } from '../../store/scheduled-messages/target.js';
import { refusalText } from '../../store/scheduled-messages/target.js';
import { ApiError, bad } from './core.js';
import { has } from '../../versions/index.js';

/** Scheduled-message error factories. */
export const scheduledMessageErrors = {
  scheduledNotFound: () => new ApiError('BAD_REQUEST', 'Scheduled message does not exist', 404),
  scheduledInPast: () => bad('Scheduled delivery time must be in the future.'),
  scheduledNothingToChange: () => bad('Nothing to change'),
  scheduledRecipientRequired: () => bad('Recipient required when updating type of scheduled message.'),
  scheduledTopicRequired: (featureLevel: number) =>
    bad(
      `Topic required when updating scheduled message type to ${has('channel_wording', featureLevel) ? 'channel' : 'stream'}.`,
    ),
  scheduledAlreadySent: () => bad('Scheduled message was already sent'),
  scheduledMissingTopic: () => bad('Missing topic'),
  scheduledEmptyContent: () => bad('Message must not be empty'),
  scheduledMultipleChannels: (featureLevel: number) =>
    bad(`Cannot send to multiple ${has('channel_wording', featureLevel) ? 'channels' : 'streams'}`),
  scheduledTargetRefused: (refusal: TargetRefusal, featureLevel: number) => {
    const msg = refusalText(refusal, featureLevel);
    return refusal.kind === 'stream_not_found'
      ? new ApiError('STREAM_DOES_NOT_EXIST', msg, 400, { stream_id: refusal.streamId })
      : bad(msg);
  },
} as const;
