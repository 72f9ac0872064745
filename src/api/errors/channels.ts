/** Channel and subscription errors. Texts follow the feature level: "stream" before 255, "channel" from it. */
import { ApiError, bad } from './core.js';
import { has } from '../../versions/index.js';

/** "Stream" before feature level 255, "Channel" from it (capitalized or not as `word` is). */
export function channelWord(fl: number, word: 'stream' | 'Stream'): string {
  if (!has('channel_wording', fl)) return word;
  return word === 'stream' ? 'channel' : 'Channel';
}

const esc = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** Channel error factories; `fl` is the store's feature level. */
export const channelsErrors = {
  invalidChannelId: (fl: number) => bad(`Invalid ${channelWord(fl, 'stream')} ID`),
  invalidChannelName: (fl: number, name: string) =>
    bad(`Invalid ${channelWord(fl, 'stream')} name '${name}'`),
  channelDoesNotExist: (fl: number, name: string) =>
    new ApiError('STREAM_DOES_NOT_EXIST', `${channelWord(fl, 'Stream')} '${esc(name)}' does not exist`, 400, {
      stream: esc(name),
    }),
  channelIdDoesNotExist: (fl: number, id: number) =>
    new ApiError(
      'STREAM_DOES_NOT_EXIST',
      `${channelWord(fl, 'Stream')} with ID '${id}' does not exist`,
      400,
      {
        stream_id: id,
      },
    ),
  channelNameEmpty: (fl: number) => bad(`${channelWord(fl, 'Stream')} name can't be empty!`),
  channelNameTooLong: (fl: number) =>
    bad(`${channelWord(fl, 'Stream')} name too long (limit: 60 characters).`),
  channelNameInvalidCharacter: (fl: number, position: number) =>
    bad(`Invalid character in ${channelWord(fl, 'stream')} name, at position ${position}!`),
  channelNameTaken: (fl: number, name: string) =>
    bad(`${channelWord(fl, 'Stream')} name '${name}' is already taken.`),
  channelDescriptionTooLong: () => bad('description is too long (limit: 1024 characters)'),
  unableToAccessChannel: (fl: number, name: string) =>
    bad(`Unable to access ${channelWord(fl, 'stream')} (${name}).`),
  unknownSubscriptionProperty: (property: string) => bad(`Unknown subscription property: ${property}`),
  notSubscribed: (fl: number, id: number) => bad(`Not subscribed to ${channelWord(fl, 'stream')} id ${id}`),
  invalidSubscriptionValue: (property: string) => bad(`Invalid ${property}`),
  /** A principal that does not exist or is deactivated (403 UNAUTHORIZED_PRINCIPAL before feature level 208). */
  badPrincipal: (fl: number, principal: string | number) =>
    !has('principal_errors_bad_request', fl)
      ? new ApiError(
          'UNAUTHORIZED_PRINCIPAL',
          `User not authorized to execute queries on behalf of '${principal}'`,
          403,
          { principal },
        )
      : bad('No such user'),
  /** Not a channel administrator ("Must be an organization administrator" before channel administrators, FL325). */
  channelAdminRequired: (fl: number) =>
    !has('channel_administrators', fl)
      ? bad('Must be an organization administrator')
      : bad('You do not have permission to administer this channel.'),
  /** An integer principal on a server before feature level 9 (e-mail addresses only). */
  principalNotString: (index: number) => bad(`principals[${index}] is not a string`),
  notAuthorizedForQuery: () => bad('User not authorized for this query'),
  mustBeOwner: () => bad('Must be an organization owner'),
  webPublicDisabled: () => bad('Web-public channels are not enabled.'),
  defaultChannelPrivate: () => bad('A default channel cannot be private.'),
  contentAccessRequired: () => bad('Channel content access is required.'),
  emptyTopicOnlyPrecondition: () =>
    bad('To enable this configuration, all messages in this channel must be in the general chat topic.'),
  channelArchived: (fl: number) => bad(`${channelWord(fl, 'Stream')} is archived.`),
  groupSettingOldMismatch: () => bad("'old' value does not match the expected value."),
  invalidSettingGroup: (setting: string) => bad(`Invalid user group ID for ${setting}`),
} as const;
