/**
 * Endpoints that appeared at some feature level. Below it a server had no such endpoint: the dispatcher
 * answers as it does for an unknown one (404).
 */
import { has } from './index.js';
import type { BehaviourName } from './table.js';

/** The behaviour that brought each gated endpoint, by `METHOD /path` as the route table spells it. */
export const ENDPOINT_GATES: ReadonlyMap<string, BehaviourName> = new Map<string, BehaviourName>([
  ['GET /drafts', 'drafts_endpoints'],
  ['POST /drafts', 'drafts_endpoints'],
  ['PATCH /drafts/{draft_id}', 'drafts_endpoints'],
  ['DELETE /drafts/{draft_id}', 'drafts_endpoints'],
  ['GET /messages/{message_id}/read_receipts', 'read_receipts_endpoint'],
  ['POST /user_topics', 'user_topics_endpoint'],
  ['GET /scheduled_messages', 'scheduled_messages_list'],
  ['DELETE /scheduled_messages/{scheduled_message_id}', 'scheduled_messages_list'],
  ['POST /scheduled_messages', 'scheduled_messages_create'],
  ['PATCH /scheduled_messages/{scheduled_message_id}', 'scheduled_messages_edit'],
  ['GET /users/{user_id}/status', 'user_status_endpoint'],
  ['POST /users/{user_id}/status', 'user_status_admin'],
  ['POST /users/me/muted_users/{muted_user_id}', 'muted_users'],
  ['DELETE /users/me/muted_users/{muted_user_id}', 'muted_users'],
  ['POST /user_groups/{user_group_id}/deactivate', 'deactivate_user_group'],
  ['GET /saved_snippets', 'saved_snippets_endpoints'],
  ['POST /saved_snippets', 'saved_snippets_endpoints'],
  ['DELETE /saved_snippets/{saved_snippet_id}', 'saved_snippets_endpoints'],
  ['PATCH /saved_snippets/{saved_snippet_id}', 'saved_snippets_edit'],
  ['GET /bots/{bot_id}/api_key', 'bot_api_key_endpoint'],
  ['GET /users/{user_id}/channels', 'user_channels_endpoint'],
  ['POST /calls/constructorgroups/create', 'constructor_groups_calls'],
  ['POST /calls/nextcloud_talk/create', 'nextcloud_talk_calls'],
  ['POST /calls/webex/create', 'webex_calls'],
  ['POST /register_client_device', 'client_device_registration'],
  ['POST /remove_client_device', 'client_device_removal'],
  ['GET /thumbnail/status/{realm_id}/{dir}/{key}/{filename}', 'thumbnail_status_endpoint'],
  ['GET /channel_folders', 'channel_folders_endpoints'],
  ['POST /channel_folders/create', 'channel_folders_endpoints'],
  ['PATCH /channel_folders/{channel_folder_id}', 'channel_folders_endpoints'],
  ['GET /navigation_views', 'navigation_views_endpoints'],
  ['POST /navigation_views', 'navigation_views_endpoints'],
  ['PATCH /navigation_views/{fragment}', 'navigation_views_endpoints'],
  ['DELETE /navigation_views/{fragment}', 'navigation_views_endpoints'],
]);

/** Whether a server at `level` has the endpoint `route` (`METHOD /path`); ungated endpoints always exist. */
export function endpointExists(route: string, level: number): boolean {
  const behaviour = ENDPOINT_GATES.get(route);
  return behaviour === undefined || has(behaviour, level);
}
