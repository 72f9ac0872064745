/** Errors of navigation views, channel folders and submessages. */
import { ApiError, bad } from './core.js';

/** Navigation-view and channel-folder error factories. */
export const viewsFoldersErrors = {
  builtInViewNamed: () => bad('Built-in views cannot have a custom name.'),
  customViewUnnamed: () => bad('Custom views must have a valid name.'),
  navigationViewExists: () => bad('Navigation view already exists.'),
  navigationViewNotFound: () => new ApiError('BAD_REQUEST', 'Navigation view does not exist.', 404),
  channelFolderNameEmpty: () => bad("Channel folder name can't be empty."),
  channelFolderExists: (name: string) => bad(`Channel folder '${name}' already exists`),
  invalidChannelFolder: () => bad('Invalid channel folder ID'),
  channelFolderInUse: () => bad('You need to remove all the channels from this folder to archive it.'),
  submessageNotAllowed: () => bad('You cannot attach a submessage to this message.'),
  submessageInvalidJson: () => bad('Invalid json for submessage'),
} as const;
