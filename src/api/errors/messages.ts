/** Error factories of the messages area (sending, fetching, narrows, editing, deleting, reactions, flags). */
import { channelWord } from './channels.js';
import { ApiError, bad } from './core.js';
import { has } from '../../versions/index.js';

/** "stream" before feature level 255, "channel" from it on. */
const word = (fl: number): string => channelWord(fl, 'stream');

/** Messages-area errors. `fl` is the server's feature level where the wording depends on it. */
export const messagesErrors = {
  // Sending
  groupMentionNotAllowed: (name: string) => bad(`You are not allowed to mention user group '${name}'.`),
  notAuthorizedToSend: (name: string, fl: number) => bad(`Not authorized to send to ${word(fl)} '${name}'`),
  noPermissionToPost: (fl: number) => bad(`You do not have permission to post in this ${word(fl)}.`),
  multipleStreams: (fl: number) => bad(`Cannot send to multiple ${word(fl)}s`),
  missingTopic: () => bad('Missing topic'),
  topicsRequired: () => bad('Topics are required in this organization'),
  emptyMessage: () => bad('Message must not be empty'),
  nullBytes: () => bad('Message must not contain null bytes'),
  noRecipients: () => bad('Message must have recipients'),
  invalidRecipientId: (id: number) => bad(`Invalid user ID ${id}`),
  invalidRecipientEmail: (email: string) => bad(`Invalid email '${email}'`),
  mixedRecipients: () => bad('Recipient lists may contain emails or user IDs, but not both.'),
  deactivatedRecipient: (email: string) => bad(`'${email}' is no longer using Svc.`),
  directMessagesDisabled: () => bad('Direct messages are disabled in this organization.'),
  directMessageNotAuthorized: () => bad('This conversation does not include any users who can authorize it.'),
  directMessageInitiator: () => bad('You do not have permission to initiate direct message conversations.'),
  localIdRequired: () => bad('Missing local_id'),
  wildcardNotAllowed: (kind: 'channel' | 'topic', fl: number) => {
    if (!has('wildcard_mention_codes', fl))
      return bad(`You do not have permission to use wildcard mentions in this ${word(fl)}.`);
    return kind === 'channel'
      ? new ApiError(
          'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
          `You do not have permission to use ${word(fl)} wildcard mentions in this ${word(fl)}.`,
        )
      : new ApiError(
          'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
          'You do not have permission to use topic wildcard mentions in this topic.',
        );
  },

  // Fetching and narrows
  tooManyMessages: () => bad('Too many messages requested (maximum 5000).'),
  missingAnchor: () => bad("Missing 'anchor' argument."),
  invalidAnchor: () => bad('Invalid anchor'),
  invalidAnchorDate: () => bad('Invalid anchor_date'),
  anchorNotAtEnd: () => bad('The anchor can only be excluded at an end of the range'),
  invalidMessage: () => bad('Invalid message(s)'),
  badNarrow: (desc: string) => new ApiError('BAD_NARROW', `Invalid narrow operator: ${desc}`, 400, { desc }),

  // Editing
  editingDisabled: () => bad('Your organization has turned off message editing'),
  noEditPermission: () => bad("You don't have permission to edit this message"),
  editTimeLimit: () => bad('The time limit for editing this message has passed'),
  topicEditTimeLimit: () => bad("The time limit for editing this message's topic has passed."),
  noMovePermission: () => bad("You don't have permission to move this message"),
  nothingToChange: () => bad('Nothing to change'),
  contentWhileMoving: (fl: number) => bad(`Cannot change message content while changing ${word(fl)}`),
  directMessagesCannotMove: (fl: number) => bad(`Direct messages cannot be moved to ${word(fl)}s.`),
  directMessagesNoTopics: () => bad('Direct messages cannot have topics.'),
  propagateWithoutTopic: () => bad('Invalid propagate_mode without topic edit'),
  editHistoryDisabled: () => bad('Message edit history is disabled in this organization'),

  // Deleting
  noDeletePermission: () => bad("You don't have permission to delete this message"),
  deleteTimeLimit: () => bad('The time limit for deleting this message has passed'),

  // Flags
  invalidFlag: (flag: string) => bad(`Invalid flag: '${flag}'`),
  flagNotEditable: (flag: string) => bad(`Flag not editable: '${flag}'`),
  invalidFlagOperation: (op: string) => bad(`Invalid message flag operation: '${op}'`),
  noSuchTopic: (topic: string) => bad(`No such topic '${topic}'`),

  // Reactions
  emojiDoesNotExist: (name: string) => bad(`Emoji '${name}' does not exist`),
  invalidEmojiCode: () => bad('Invalid emoji code.'),
  invalidEmojiName: () => bad('Invalid emoji name.'),
  invalidEmojiType: () => bad('Invalid emoji type.'),
  invalidCustomEmoji: () => bad('Invalid custom emoji.'),
  emojiDeactivated: () => bad('This custom emoji has been deactivated.'),
  emojiArgumentMissing: () =>
    bad('At least one of the following arguments must be present: emoji_name, emoji_code'),
  reactionExists: () => new ApiError('REACTION_ALREADY_EXISTS', 'Reaction already exists.'),
  reactionDoesNotExist: (fl: number) =>
    new ApiError(
      has('reaction_does_not_exist_code', fl) ? 'REACTION_DOES_NOT_EXIST' : 'BAD_REQUEST',
      "Reaction doesn't exist.",
    ),
} as const;
