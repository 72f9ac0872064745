/** Channels: list, get, change, archive, and look up an id by name. */
import type {
  DeleteStreamParams,
  GetGetStreamIdParams,
  GetStreamParams,
  GetStreamsParams,
  PatchStreamParams,
} from '../../generated/types.js';
import { hasMetadataAccess } from '../../store/access.js';
import { formatChannel } from '../../store/channels/format.js';
import { changeChannel } from '../../store/channels/mutate.js';
import { channelByName } from '../../store/channels/names.js';
import { canAdminister } from '../../store/channels/permissions.js';
import { cachedJson } from '../cached-json.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { accessChannel, readChannel } from './channel-helpers.js';
import { planChannelPatch } from './stream-patch.js';
import { selectChannels } from './streams-list.js';
import { has } from '../../versions/index.js';
import { retireArchivedChannel } from '../../store/channels/retire.js';

// The shared decoding of a query (sharedParams) is one object per distinct query: its key text is made once.
const paramsKeys = new WeakMap<object, string>();
const paramsKey = (params: object): string => {
  let key = paramsKeys.get(params);
  if (key === undefined) paramsKeys.set(params, (key = JSON.stringify(params)));
  return key;
};

/** Channel endpoints: GET /streams, GET/PATCH/DELETE /streams/{id}, GET /get_stream_id. */
export const streamRoutes = [
  defineRoute<GetStreamsParams>({
    method: 'GET',
    path: '/streams',
    schema: 'get-streams',
    sharedParams: true,
    summary: 'Channels selected by the include_* flags',
    handler({ store, user, params }) {
      const now = store.now();
      // Serialised once per change, caller, flags and second (recent activity is read against now).
      return cachedJson(
        store,
        `streams ${user.user_id} ${paramsKey(params)}`,
        () => {
          const streams = selectChannels(store, user, params).map((c) => {
            const out = formatChannel(store.state, c, user, now, store.featureLevel);
            if (params.include_default) out.is_default = c.is_default;
            return out;
          });
          return { streams };
        },
        now,
      );
    },
  }),
  defineRoute<GetStreamParams>({
    method: 'GET',
    path: '/streams/{stream_id}',
    schema: 'get-stream',
    summary: 'One channel',
    handler({ store, user, params }) {
      const channel = readChannel(store, user, params.stream_id);
      return { stream: formatChannel(store.state, channel, user, store.now(), store.featureLevel) };
    },
  }),
  defineRoute<PatchStreamParams>({
    method: 'PATCH',
    path: '/streams/{stream_id}',
    schema: 'patch-stream',
    summary: "Change a channel's properties",
    handler({ store, user, params }) {
      const channel = accessChannel(store, user, params.stream_id);
      const changes = planChannelPatch(store, user, channel, params);
      for (const change of changes) changeChannel(store, channel, change);
      return {};
    },
  }),
  defineRoute<DeleteStreamParams>({
    method: 'DELETE',
    path: '/streams/{stream_id}',
    schema: 'delete-stream',
    summary: 'Archive a channel (name and subscriptions kept)',
    handler({ store, user, params }) {
      const channel = accessChannel(store, user, params.stream_id);
      if (!canAdminister(store.state, user, channel)) throw errors.channelAdminRequired(store.featureLevel);
      if (channel.is_archived) throw errors.channelArchived(store.featureLevel);
      changeChannel(store, channel, { property: 'is_archived', value: true });
      // Before archived channels were kept (level 315), archiving freed the name and ended subscriptions.
      if (!has('archived_channels', store.featureLevel)) retireArchivedChannel(store, channel);
      return {};
    },
  }),
  defineRoute<GetGetStreamIdParams>({
    method: 'GET',
    path: '/get_stream_id',
    schema: 'get-get-stream-id',
    summary: 'A channel id by name',
    handler({ store, user, params }) {
      const channel = channelByName(store.state, params.stream);
      if (!channel || !hasMetadataAccess(store.state, user, channel))
        throw errors.invalidChannelName(store.featureLevel, params.stream);
      return { stream_id: channel.stream_id };
    },
  }),
];
