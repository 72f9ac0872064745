/**
 * GET /users/{user_id}/channels (level 440) and GET /thumbnail/status/{path_id} (level 479): two read-only
 * endpoints of the 12.0 series.
 */
import type { GetThumbnailStatusParams, GetUsersUserIdChannelsParams } from '../../generated/types.js';
import { canSeeSubscribers } from '../../store/channels/permissions.js';
import { findUploadByPath } from '../../store/uploads/uploads.js';
import { canAccessUser } from '../../store/users/visibility.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { canFetchUpload } from './uploads-read.js';

/** Routes of levels 440 and 479; below them the dispatcher answers 404 (ENDPOINT_GATES). */
export const userChannelRoutes = [
  defineRoute<GetUsersUserIdChannelsParams>({
    method: 'GET',
    path: '/users/{user_id}/channels',
    schema: 'get-users-user-id-channels',
    summary: 'The channels a user is subscribed to, as far as the caller may see their subscribers',
    handler({ store, user, params }) {
      const { state } = store;
      const target = state.users.get(params.user_id);
      if (!target || !canAccessUser(state, user, target)) throw errors.noSuchUser();
      const ids: number[] = [];
      for (const [streamId, sub] of state.subscriptions.get(target.user_id) ?? []) {
        const channel = state.channels.get(streamId);
        if (sub.active && channel && canSeeSubscribers(state, user, channel)) ids.push(streamId);
      }
      return { subscribed_channel_ids: ids.sort((a, b) => a - b) };
    },
  }),
  defineRoute<GetThumbnailStatusParams>({
    method: 'GET',
    path: '/thumbnail/status/{realm_id}/{dir}/{key}/{filename}',
    schema: 'get-thumbnail-status',
    summary: 'Whether thumbnails of an uploaded file exist (the mock makes none)',
    handler({ store, user, params }) {
      const pathId = `${params.realm_id}/${params.dir}/${params.key}/${params.filename}`;
      const upload = findUploadByPath(store.state, pathId);
      // An inaccessible file looks like a missing one, as for the file itself.
      if (!upload || !canFetchUpload(store.state, user, upload)) throw errors.notFound('Not Found');
      return { has_thumbnail: false };
    },
  }),
];
