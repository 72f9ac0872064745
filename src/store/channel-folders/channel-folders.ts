/** Channel folders: realm-wide groupings of channels, with channel_folder events to every active user. */
import type { ChannelFolder } from '../../generated/types.js';
import { renderDescription } from '../channels/mutate.js';
import type { RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** Longest folder name and description accepted (characters). */
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;

/** The realm's folders by id; archived ones only when asked (as GET /channel_folders lists them). */
export function listChannelFolders(state: RealmState, includeArchived: boolean): ChannelFolder[] {
  return [...state.channelFolders.values()]
    .filter((f) => includeArchived || !f.is_archived)
    .sort((a, b) => a.id - b.id)
    .map((f) => ({ ...f }));
}

/** Whether a folder already has this name, letter case aside (the server compares names that way). */
export function channelFolderNameTaken(state: RealmState, name: string): boolean {
  const wanted = name.toLowerCase();
  return [...state.channelFolders.values()].some((f) => f.name.toLowerCase() === wanted);
}

/** Whether any channel, archived or not, is filed in the folder. */
export function channelFolderInUse(state: RealmState, folderId: number): boolean {
  for (const channel of state.channels.values()) if (channel.folder_id === folderId) return true;
  return false;
}

/** Creates a folder (name and description already checked) last in the order; emits channel_folder/add. */
export function createChannelFolder(
  store: Store,
  creator: UserRecord,
  name: string,
  description: string,
): ChannelFolder {
  let order = 0;
  for (const f of store.state.channelFolders.values()) order = Math.max(order, f.order + 1);
  const folder: ChannelFolder = {
    id: store.nextId('folder'),
    name,
    order,
    date_created: store.now(),
    creator_id: creator.user_id,
    description,
    rendered_description: renderDescription(store.state, description),
    is_archived: false,
  };
  store.state.channelFolders.set(folder.id, folder);
  store.emit(store.activeUserIds(), { type: 'channel_folder', op: 'add', channel_folder: { ...folder } });
  return folder;
}

/** A change of one folder property, as channel_folder/update carries it. */
export type ChannelFolderChange = { name: string } | { description: string } | { is_archived: boolean };

/** Applies one change and emits channel_folder/update (a description brings its rendered form along). */
export function updateChannelFolder(store: Store, folder: ChannelFolder, change: ChannelFolderChange): void {
  let data: Record<string, unknown>;
  if ('name' in change) data = { name: (folder.name = change.name) };
  else if ('description' in change) {
    folder.description = change.description;
    folder.rendered_description = renderDescription(store.state, change.description);
    data = { description: folder.description, rendered_description: folder.rendered_description };
  } else data = { is_archived: (folder.is_archived = change.is_archived) };
  store.emit(store.activeUserIds(), {
    type: 'channel_folder',
    op: 'update',
    channel_folder_id: folder.id,
    data,
  });
}
