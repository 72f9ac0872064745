/** Errors of custom emoji, password login (POST /fetch_api_key) and account creation (POST /users). */
import { ApiError, bad } from './core.js';

/** Custom emoji, password login and account creation error factories. */
export const emojiAccountErrors = {
  emojiNameMissing: () => bad('Emoji name is missing'),
  emojiNameBadEnd: () => bad('Emoji names must end with either a letter or digit.'),
  emojiNameBadCharacters: () =>
    bad('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'),
  emojiNameTaken: () => bad('A custom emoji with this name already exists.'),
  emojiOneFile: () => bad('You must upload exactly one file.'),
  emojiOverrideBuiltIn: () => bad('Only administrators can override built-in emoji.'),
  emojiTooLarge: (mib: number) => bad(`Uploaded file is larger than the allowed limit of ${mib} MiB`),
  badImageFormat: () => new ApiError('BAD_IMAGE', 'Invalid image format', 400),
  /** Unknown or deactivated emoji: HTTP 404 from feature level 190 (`notFound`), 400 before. */
  customEmojiDoesNotExist: (name: string, notFound: boolean) =>
    new ApiError('BAD_REQUEST', `Emoji '${name}' does not exist`, notFound ? 404 : 400),
  invalidCustomEmojiName: () => bad('Invalid custom emoji name.'),
  emojiNotAuthor: () => bad('Must be an organization administrator or emoji author'),
  passwordAuthFailed: () =>
    new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect', 401),
  badNameOrUsername: () => bad('Bad name or username'),
  emailInUse: (email: string) => bad(`Email '${email}' already in use`),
  emailNotAllowed: (email: string) => bad(`Email '${email}' not allowed in this organization`),
  emailContainsPlus: () => bad('Email addresses containing + are not allowed.'),
  passwordTooWeak: () => bad('The password is too weak.'),
} as const;
