/** Errors of drafts and saved snippets. */
import type { DraftRefusal } from '../../store/drafts/drafts.js';
import { ApiError, bad } from './core.js';
import { has } from '../../versions/index.js';

/** Draft and saved-snippet error factories. */
export const draftErrors = {
  draftsDisabled: () => bad('User has disabled synchronizing drafts.'),
  draftNotFound: () => new ApiError('BAD_REQUEST', 'Draft does not exist', 404),
  draftRefused: (refusal: DraftRefusal, featureLevel: number) => {
    const channel = has('channel_wording', featureLevel) ? 'channel' : 'stream';
    switch (refusal.kind) {
      case 'not_one_channel':
        return bad('Must specify exactly 1 stream ID for stream messages');
      case 'invalid_channel':
        return bad(`Invalid ${channel} ID`);
      case 'invalid_user':
        return bad(`Invalid user ID ${refusal.id}`);
      case 'topic_null_bytes':
        return bad('Topic must not contain null bytes');
      case 'content_empty':
        return bad('Message must not be empty');
      case 'content_null_bytes':
        return bad('Message must not contain null bytes');
      case 'negative_timestamp':
        return bad('Timestamp must not be negative.');
    }
  },
  savedSnippetNotFound: () => new ApiError('BAD_REQUEST', 'Saved snippet does not exist.', 404),
} as const;
