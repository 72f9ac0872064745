/**
 * Video call creation (levels 460, 465, 493): POST /calls/{provider}/create answers a call URL when the realm
 * uses that provider (src/store/video-calls/providers.ts), and the server's "not configured" error otherwise.
 */
import type { PostCallsNextcloudTalkCreateParams } from '../../generated/types.js';
import {
  CALL_PROVIDERS,
  createCallUrl,
  providerConfigured,
  type CallProvider,
} from '../../store/video-calls/providers.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** A call URL from `provider`, or its error when the realm does not use it. */
function createCall(store: Store, provider: CallProvider): { url: string } {
  if (!providerConfigured(store, provider))
    throw provider.oauth
      ? errors.videoCallCredentialsMissing(provider.name)
      : errors.videoCallProviderNotConfigured(provider.name);
  return { url: createCallUrl(store, provider) };
}

/** Call creation routes; below their levels the dispatcher answers 404 (ENDPOINT_GATES). */
export const callRoutes = [
  defineRoute({
    method: 'POST',
    path: '/calls/constructorgroups/create',
    schema: 'post-calls-constructorgroups-create',
    summary: 'A Constructor Groups call URL',
    handler: ({ store }) => createCall(store, CALL_PROVIDERS.constructorgroups),
  }),
  defineRoute<PostCallsNextcloudTalkCreateParams>({
    method: 'POST',
    path: '/calls/nextcloud_talk/create',
    schema: 'post-calls-nextcloud-talk-create',
    summary: 'A Nextcloud Talk conversation URL',
    // room_name names the conversation on the Nextcloud server; the URL carries only its token.
    handler: ({ store }) => createCall(store, CALL_PROVIDERS.nextcloud_talk),
  }),
  defineRoute({
    method: 'POST',
    path: '/calls/webex/create',
    schema: 'post-calls-webex-create',
    summary: 'A Webex meeting URL',
    handler: ({ store }) => createCall(store, CALL_PROVIDERS.webex),
  }),
];
