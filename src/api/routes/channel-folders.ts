/** Channel folders: GET /channel_folders, POST /channel_folders/create, PATCH /channel_folders/{id} (level 389). */
import type {
  GetChannelFoldersParams,
  PatchChannelFoldersChannelFolderIdParams,
  PostChannelFoldersCreateParams,
} from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import {
  channelFolderInUse,
  channelFolderNameTaken,
  createChannelFolder,
  listChannelFolders,
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
  updateChannelFolder,
} from '../../store/channel-folders/channel-folders.js';
import type { RealmState } from '../../store/state.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** Length limits first (the server checks them with the parameters), then the name's own rules. */
function checkLengths(name: string | undefined, description: string | undefined): void {
  if (name !== undefined && [...name].length > MAX_CHANNEL_FOLDER_NAME_LENGTH)
    throw errors.tooLong('name', MAX_CHANNEL_FOLDER_NAME_LENGTH);
  if (description !== undefined && [...description].length > MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH)
    throw errors.tooLong('description', MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH);
}

/** A new name must not be blank nor taken by another folder, whatever its letter case. */
function checkName(state: RealmState, name: string): void {
  if (name.trim() === '') throw errors.channelFolderNameEmpty();
  if (channelFolderNameTaken(state, name)) throw errors.channelFolderExists(name);
}

export const channelFolderRoutes = [
  defineRoute<GetChannelFoldersParams>({
    method: 'GET',
    path: '/channel_folders',
    schema: 'get-channel-folders',
    summary: "The organization's channel folders (archived ones with include_archived)",
    handler({ store, params }) {
      return { channel_folders: listChannelFolders(store.state, params.include_archived ?? false) };
    },
  }),
  defineRoute<PostChannelFoldersCreateParams>({
    method: 'POST',
    path: '/channel_folders/create',
    schema: 'post-channel-folders-create',
    summary: 'Create a channel folder (administrators)',
    handler({ store, user, params }) {
      if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
      checkLengths(params.name, params.description);
      checkName(store.state, params.name);
      return { channel_folder_id: createChannelFolder(store, user, params.name, params.description).id };
    },
  }),
  defineRoute<PatchChannelFoldersChannelFolderIdParams>({
    method: 'PATCH',
    path: '/channel_folders/{channel_folder_id}',
    schema: 'patch-channel-folders-channel-folder-id',
    summary: 'Rename, describe, archive or unarchive a channel folder (administrators)',
    handler({ store, user, params }) {
      if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
      checkLengths(params.name, params.description);
      const folder = store.state.channelFolders.get(params.channel_folder_id);
      if (!folder) throw errors.invalidChannelFolder();
      // Each property that really changes is its own event, in the server's order: name, description, archive.
      if (params.name !== undefined && params.name !== folder.name) {
        checkName(store.state, params.name);
        updateChannelFolder(store, folder, { name: params.name });
      }
      if (params.description !== undefined && params.description !== folder.description)
        updateChannelFolder(store, folder, { description: params.description });
      if (params.is_archived !== undefined && params.is_archived !== folder.is_archived) {
        if (params.is_archived && channelFolderInUse(store.state, folder.id))
          throw errors.channelFolderInUse();
        updateChannelFolder(store, folder, { is_archived: params.is_archived });
      }
      return {};
    },
  }),
];
