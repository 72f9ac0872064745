/**
 * The access matrix's table: one line per route of the route table (a route missing here fails the test).
 * Rules and overrides are explained in rules.ts; `$object` is the cell's object, `$self` the caller's id.
 */
import { IDS } from './realm.js';
import type { RouteExpectation } from './rules.js';

const NO_USER = '400: No such user';
const NOT_CHANNEL_ADMIN = '400: You do not have permission to administer this channel.';
const INVALID_CHANNEL = '400: Invalid channel ID';
const STREAM_MSG = { type: 'stream', to: '$object', topic: 'matrix', content: 'hello' };
const DRAFT = {
  type: 'stream',
  to: [IDS.publicChannel],
  topic: 'matrix',
  content: 'edited',
  timestamp: 1763683000,
};
const LINKIFIER = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.test/{id}' };
const TOKEN = { token: 'c0ffee00c0ffee00c0ffee00c0ffee00', appid: 'org.svc.app' };
const NON_ADMINS = 'bot,guest,member,moderator';
const ACTIVE = 'bot,guest,member,moderator,admin,owner';
const NOT_LOGGED_IN = '401 UNAUTHORIZED: Not logged in: API authentication or user session required';
const NO_BOTS = '400: This endpoint does not accept bot requests.';
const INSUFFICIENT = '400: Insufficient permission';
const NOT_GUEST = '400: Not allowed for guest users';
/** Administrators may revoke or resend anyone's invitation; others only their own; guests none. */
const INVITE_MANAGERS = {
  'admin,owner/other': '200',
  [`bot,member,moderator/other`]: '400: Must be an organization administrator',
  guest: NOT_GUEST,
};

/** Expected access per route, keyed `METHOD /path` as in the route table. A guest cannot access the keeper (`user` private): "Insufficient permission". */
// One line per route (kept by prettier-ignore), so entries can be added at the end without churn.
// prettier-ignore
export const EXPECTATIONS: Record<string, RouteExpectation> = {
  'GET /server_settings': { rule: 'open' },
  'POST /dev_fetch_api_key': { rule: 'open', params: { username: 'hamlet@svc.test' } },
  'GET /users/me': { rule: 'user' },
  'GET /users': { rule: 'user' },
  'GET /users/{user_id}': { rule: 'user', object: 'user', over: { 'guest/private': INSUFFICIENT } },
  'GET /users/{email}': { rule: 'user', object: 'email', over: { '*/private': NO_USER, [`${NON_ADMINS}/other`]: NO_USER } },
  'PATCH /users/{user_id}': { rule: 'admin', object: 'user', params: { full_name: 'Renamed' } },
  'DELETE /users/{user_id}': { rule: 'admin', object: 'user', over: { 'owner/own': '400 CANNOT_DEACTIVATE_LAST_USER: Cannot deactivate the only organization owner.' } },
  'POST /users/{user_id}/reactivate': { rule: 'admin', object: 'user' },
  'GET /streams': { rule: 'user' },
  'GET /streams/{stream_id}': { rule: 'channel-access', object: 'channel' },
  'PATCH /streams/{stream_id}': { rule: 'admin', object: 'channel', params: { description: 'x' }, over: { [`${NON_ADMINS}/own`]: NOT_CHANNEL_ADMIN, [`${NON_ADMINS}/private`]: INVALID_CHANNEL } },
  'DELETE /streams/{stream_id}': { rule: 'admin', object: 'channel', over: { [`${NON_ADMINS}/own`]: NOT_CHANNEL_ADMIN, [`${NON_ADMINS}/private`]: INVALID_CHANNEL } },
  'GET /get_stream_id': { rule: 'user', params: { stream: 'access-public' } },
  'POST /users/me/subscriptions': { rule: 'not-guest', params: { subscriptions: [{ name: 'Denmark' }] } },
  'DELETE /users/me/subscriptions': { rule: 'user', params: { subscriptions: ['access-public'] } },
  'GET /users/me/subscriptions': { rule: 'user' },
  'POST /users/me/subscriptions/properties': { rule: 'channel-content', object: 'channel', params: { subscription_data: [{ stream_id: '$object', property: 'pin_to_top', value: true }] } },
  'GET /streams/{stream_id}/members': { rule: 'channel-access', object: 'channel' },
  'GET /users/{user_id}/subscriptions/{stream_id}': { rule: 'channel-access', object: 'channel', path: { user_id: '$self' } },
  'GET /users/me/{stream_id}/topics': { rule: 'channel-content', object: 'channel' },
  'POST /user_topics': { rule: 'channel-content', object: 'channel', params: { stream_id: '$object', topic: 'matrix', visibility_policy: 1 } },
  'GET /user_groups': { rule: 'user' },
  'POST /user_groups/create': { rule: 'not-guest', params: { name: 'matrix-group', description: 'x', members: [] }, over: { guest: INSUFFICIENT } },
  'PATCH /user_groups/{user_group_id}': { rule: 'not-guest', object: 'group', params: { description: 'x' }, over: { guest: INSUFFICIENT } },
  'POST /user_groups/{user_group_id}/deactivate': { rule: 'not-guest', object: 'group', over: { guest: INSUFFICIENT } },
  'POST /user_groups/{user_group_id}/members': { rule: 'not-guest', object: 'group', params: { add: [IDS.quiet] }, over: { guest: INSUFFICIENT } },
  'POST /user_groups/{user_group_id}/subgroups': { rule: 'not-guest', object: 'group', params: { add: [10] }, over: { guest: INSUFFICIENT } },
  'GET /user_groups/{user_group_id}/members': { rule: 'user', object: 'group' },
  'GET /user_groups/{user_group_id}/members/{user_id}': { rule: 'user', object: 'group', path: { user_id: '$self' } },
  'GET /user_groups/{user_group_id}/subgroups': { rule: 'user', object: 'group' },
  'POST /register': { rule: 'open' },
  'GET /events': { rule: 'own-only', object: 'queue', params: { queue_id: '$object', last_event_id: -1, dont_block: true } },
  'DELETE /events': { rule: 'own-only', object: 'queue', params: { queue_id: '$object' } },
  'POST /typing': { rule: 'channel-content', object: 'channel', params: { op: 'start', type: 'stream', stream_id: '$object', topic: 'matrix' } },
  'POST /users/me/presence': { rule: 'user', params: { status: 'active' } },
  'GET /realm/presence': { rule: 'user' },
  'GET /drafts': { rule: 'user' },
  'POST /drafts': { rule: 'user', params: { drafts: [DRAFT] } },
  'PATCH /drafts/{draft_id}': { rule: 'own-only', object: 'draft', params: { draft: DRAFT } },
  'DELETE /drafts/{draft_id}': { rule: 'own-only', object: 'draft' },
  'GET /saved_snippets': { rule: 'user' },
  'POST /saved_snippets': { rule: 'user', params: { title: 't', content: 'c' } },
  'PATCH /saved_snippets/{saved_snippet_id}': { rule: 'own-only', object: 'snippet', params: { title: 'edited' } },
  'DELETE /saved_snippets/{saved_snippet_id}': { rule: 'own-only', object: 'snippet' },
  'GET /channel_folders': { rule: 'user' },
  'POST /channel_folders/create': { rule: 'admin', params: { name: 'matrix folder', description: '' } },
  // No folder 999 in the matrix realm: administrators are told so, others are refused before the look-up.
  'PATCH /channel_folders/{channel_folder_id}': { rule: 'admin', path: { channel_folder_id: 999 }, params: { name: 'x' }, over: { 'admin,owner': '400: Invalid channel folder ID' } },
  'GET /navigation_views': { rule: 'user' },
  // The first submessage of a message must come from its sender.
  'POST /submessage': { rule: 'message-access', object: 'message', params: { message_id: '$object', msg_type: 'widget', content: '{}' }, over: { '*/other': '400: You cannot attach a submessage to this message.' } },
  'POST /navigation_views': { rule: 'user', params: { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' } },
  // Nobody in the matrix realm has a view for this fragment: every caller is told so, and nothing leaks.
  'PATCH /navigation_views/{fragment}': { rule: 'user', path: { fragment: 'inbox' }, params: { is_pinned: false }, over: { [ACTIVE]: '404: Navigation view does not exist.' } },
  'DELETE /navigation_views/{fragment}': { rule: 'user', path: { fragment: 'inbox' }, over: { [ACTIVE]: '404: Navigation view does not exist.' } },
  'GET /scheduled_messages': { rule: 'user' },
  'POST /scheduled_messages': { rule: 'user', params: { type: 'stream', to: IDS.publicChannel, topic: 'matrix', content: 'later', scheduled_delivery_timestamp: 1893456000 } },
  'PATCH /scheduled_messages/{scheduled_message_id}': { rule: 'own-only', object: 'scheduled', params: { content: 'edited' } },
  'DELETE /scheduled_messages/{scheduled_message_id}': { rule: 'own-only', object: 'scheduled' },
  'POST /invites': { rule: 'not-guest', params: { invitee_emails: 'new-person@example.org', stream_ids: [] } },
  'POST /invites/multiuse': { rule: 'admin', params: { stream_ids: [] }, over: { 'bot,member,moderator': INSUFFICIENT, guest: NOT_GUEST } },
  'GET /invites': { rule: 'not-guest' },
  'DELETE /invites/{invite_id}': { rule: 'own-only', object: 'invite', over: INVITE_MANAGERS },
  'DELETE /invites/multiuse/{invite_id}': { rule: 'own-only', object: 'link', over: INVITE_MANAGERS },
  'POST /invites/{invite_id}/resend': { rule: 'own-only', object: 'invite', over: INVITE_MANAGERS },
  'POST /svc-mock/invitations/accept': { rule: 'control', params: { email: 'nobody@example.org', full_name: 'N' }, over: { '*': '400: No such invitation' } },
  'GET /realm/linkifiers': { rule: 'user' },
  'GET /realm/filters': { rule: 'user' },
  'POST /realm/filters': { rule: 'admin', params: LINKIFIER },
  'PATCH /realm/filters/{filter_id}': { rule: 'admin', object: 'linkifier', params: LINKIFIER },
  'DELETE /realm/filters/{filter_id}': { rule: 'admin', object: 'linkifier' },
  'PATCH /realm/linkifiers': { rule: 'admin', params: { ordered_linkifier_ids: [2, 1] } },
  'POST /realm/playgrounds': { rule: 'admin', params: { name: 'P', highlighter_language: 'Python', url_template: 'https://p.test/?c={code}' } },
  'DELETE /realm/playgrounds/{playground_id}': { rule: 'admin', object: 'playground' },
  'PATCH /realm/user_settings_defaults': { rule: 'admin', params: { enter_sends: false } },
  'PATCH /settings': { rule: 'user', params: { enter_sends: false } },
  'POST /users/me/apns_device_token': { rule: 'human', params: TOKEN },
  'DELETE /users/me/apns_device_token': { rule: 'human', params: TOKEN, over: { 'guest,member,moderator,admin,owner': '400: Token does not exist' } },
  'GET /avatar/{user_id_or_email}': { rule: 'open', object: 'user', over: { [`none,${ACTIVE}`]: '302' } },
  'GET /avatar/{user_id_or_email}/medium': { rule: 'open', object: 'user', over: { [`none,${ACTIVE}`]: '302' } },
  'GET /user_avatars/{realm_id}/{avatar_file}': { rule: 'open', path: { realm_id: 2, avatar_file: '10.png' } },
  // The real server names the private channel it refuses (reference facts: send without access).
  'POST /messages': { rule: 'channel-content', object: 'channel', params: STREAM_MSG, over: { '*/private': "400: Not authorized to send to channel 'qzv-vault'" }, leaks: ['channel'] },
  'POST /messages/render': { rule: 'user', params: { content: 'hello' } },
  // A narrow to a private channel the caller cannot read is not an error: it matches nothing (no leak).
  'GET /messages': { rule: 'user', object: 'channel', params: { anchor: 'newest', num_before: 1000, num_after: 0, narrow: [{ operator: 'channel', operand: '$object' }] } },
  'GET /messages/matches_narrow': { rule: 'user', object: 'message', params: { msg_ids: ['$object'], narrow: [] } },
  'GET /messages/{message_id}': { rule: 'message-access', object: 'message' },
  'PATCH /messages/{message_id}': { rule: 'message-access', object: 'message', params: { content: 'edited' }, over: { '*/other': "400: You don't have permission to edit this message" } },
  'GET /messages/{message_id}/history': { rule: 'message-access', object: 'message' },
  'DELETE /messages/{message_id}': { rule: 'message-access', object: 'message', over: { [`${NON_ADMINS}/own,other`]: "400: You don't have permission to delete this message" } },
  'POST /messages/{message_id}/reactions': { rule: 'message-access', object: 'message', params: { emoji_name: 'smile' } },
  'DELETE /messages/{message_id}/reactions': { rule: 'message-access', object: 'message', params: { emoji_name: 'smile' }, over: { '*/own,other': "400 REACTION_DOES_NOT_EXIST: Reaction doesn't exist." } },
  'POST /messages/flags': { rule: 'message-access', object: 'message', params: { messages: ['$object'], op: 'add', flag: 'starred' } },
  'POST /messages/flags/narrow': { rule: 'user', params: { anchor: 'newest', num_before: 10, num_after: 0, narrow: [], op: 'add', flag: 'read' } },
  'POST /mark_all_as_read': { rule: 'user' },
  'POST /mark_stream_as_read': { rule: 'channel-content', object: 'channel', params: { stream_id: '$object' } },
  'POST /mark_topic_as_read': { rule: 'channel-content', object: 'channel', params: { stream_id: '$object', topic_name: 'matrix' } },
  'GET /svc-mock/faults': { rule: 'control' },
  'PUT /svc-mock/faults': { rule: 'control', params: { latency: '0' } },
  'POST /svc-mock/faults': { rule: 'control', params: { latency: '0' } },
  'DELETE /svc-mock/faults': { rule: 'control' },
  'POST /svc-mock/reset': { rule: 'control' },
  'POST /svc-mock/restore': { rule: 'control', over: { '*': '400: Send the snapshot as the request body with Content-Type: application/json' } },
  'GET /svc-mock/snapshot': { rule: 'control' },
  'GET /svc-mock/clock': { rule: 'control' },
  'POST /svc-mock/clock': { rule: 'control', params: { advance: '1s' } },
  'GET /svc-mock/accounts': { rule: 'control' },
  'GET /svc-mock/requests': { rule: 'control' },
  'GET /svc-mock/realm': { rule: 'control' },
  'GET /svc-mock/queues': { rule: 'control' },
  'GET /svc-mock/changes': { rule: 'control' },
  'GET /users/me/alert_words': { rule: 'user' },
  'POST /users/me/alert_words': { rule: 'user', params: { alert_words: ['matrix'] } },
  'DELETE /users/me/alert_words': { rule: 'user', params: { alert_words: ['matrix'] } },
  'POST /users/me/muted_users/{muted_user_id}': { rule: 'user', object: 'user', over: { '*/own': '400: Cannot mute self', 'guest/private': INSUFFICIENT } },
  'DELETE /users/me/muted_users/{muted_user_id}': { rule: 'user', object: 'user', over: { '*': '400: User is not muted', 'guest/private': INSUFFICIENT } },
  'POST /users/me/status': { rule: 'human', params: { status_text: 'busy' } },
  // Bots have no status: looking one up is "No such user", as for any user id that is not a human's.
  'GET /users/{user_id}/status': { rule: 'user', object: 'user', over: { 'bot/own': NO_USER, 'guest/private': INSUFFICIENT } },
  'GET /realm/emoji': { rule: 'user' },
  'POST /realm/emoji/{emoji_name}': { rule: 'not-guest', path: { emoji_name: 'matrix_emoji' }, over: { 'member,moderator,admin,owner': '400: You must upload exactly one file.', bot: NO_BOTS } },
  'DELETE /realm/emoji/{emoji_name}': { rule: 'admin', path: { emoji_name: 'green_tick' }, over: { [NON_ADMINS]: '400: Must be an organization administrator or emoji author' } },
  'GET /user_avatars/{realm_id}/emoji/images/{emoji_file}': { rule: 'open', path: { realm_id: 2, emoji_file: '1.png' } },
  'POST /fetch_api_key': { rule: 'open', params: { username: 'hamlet@svc.test', password: 'wrong' }, over: { '*': '401 AUTHENTICATION_FAILED' } },
  'POST /users': { rule: 'admin', params: { email: 'new-person@svc.test', password: 'secret-password', full_name: 'New Person' } },
  'GET /messages/{message_id}/read_receipts': { rule: 'message-access', object: 'message' },
  'POST /user_uploads': { rule: 'user', over: { '*': '400: You must specify a file to upload' } },
  'GET /user_uploads/{realm_id}/{dir}/{key}/{filename}': { rule: 'open', path: { realm_id: 2, dir: 'ab', key: 'no-such-key', filename: 'x.txt' }, over: { none: NOT_LOGGED_IN, [ACTIVE]: '404: Not Found' } },
  'GET /attachments': { rule: 'user' },
  // No attachment or upload has these ids: every caller gets the same refusal (none is told more).
  'DELETE /attachments/{attachment_id}': { rule: 'user', path: { attachment_id: 999 }, over: { '*': '400: Invalid attachment' } },
  'GET /realm/profile_fields': { rule: 'user' },
  'PATCH /users/me/profile_data': { rule: 'user', params: { data: [] } },
  'DELETE /users/me/profile_data': { rule: 'user', params: { data: [] } },
  'PATCH /users/me/subscriptions/{stream_id}': { rule: 'channel-content', object: 'channel', params: { property: 'pin_to_top', value: true } },
  'PATCH /settings/display': { rule: 'user', params: { enter_sends: false } },
  'PATCH /settings/notifications': { rule: 'user', params: { enable_sounds: false } },
  'PATCH /users/me/subscriptions/muted_topics': { rule: 'channel-content', object: 'channel', params: { stream_id: '$object', topic: 'matrix', op: 'add' } },
  'POST /users/{user_id}/status': { rule: 'admin', object: 'user', params: { status_text: 'busy' }, over: { [NON_ADMINS]: INSUFFICIENT, 'bot/own': NO_USER } },
  // Nobody of the matrix realm has presence data, and bots have none at all: a refusal for every active caller.
  'GET /users/{user_id_or_email}/presence': { rule: 'user', object: 'user', over: { [ACTIVE]: '400' } },
  // The objects are users, not bots ("No such bot"); the calling bot's own key is its owner's to read.
  'GET /bots/{bot_id}/api_key': { rule: 'user', object: 'user', over: { [ACTIVE]: '400: No such bot', 'bot/own': INSUFFICIENT } },
  'POST /realm/profile_fields': { rule: 'admin', params: { field_type: 1, name: 'Matrix field', hint: '' } },
  'PATCH /realm/profile_fields': { rule: 'admin', params: { order: [8, 7, 6, 5, 4, 3, 2, 1] } },
  'PATCH /realm/profile_fields/{field_id}': { rule: 'admin', path: { field_id: 1 }, params: { name: 'Phone' } },
  'DELETE /realm/profile_fields/{field_id}': { rule: 'admin', path: { field_id: 1 } },
  'GET /user_uploads/temporary/{token}/{filename}': { rule: 'open', path: { token: 'no-such-token', filename: 'x.txt' }, over: { '*': '404: Not Found' } },
  // Levels 440-493. Another user's channels: those whose subscribers the caller may see.
  'GET /users/{user_id}/channels': { rule: 'user', object: 'user', over: { 'guest/private': NO_USER } },
  'POST /register_client_device': { rule: 'user' },
  // No device has this id: every caller gets the same refusal.
  'POST /remove_client_device': { rule: 'user', params: { device_id: 999999 }, over: { [ACTIVE]: '400: Invalid `device_id`' } },
  // The matrix realm uses no call provider of these endpoints: each refuses every caller alike.
  'POST /calls/constructorgroups/create': { rule: 'user', over: { [ACTIVE]: '400: Constructor Groups is not configured.' } },
  'POST /calls/nextcloud_talk/create': { rule: 'user', params: { room_name: 'matrix' }, over: { [ACTIVE]: '400: Nextcloud Talk is not configured.' } },
  'POST /calls/webex/create': { rule: 'user', over: { [ACTIVE]: '400: Webex credentials have not been configured' } },
  'GET /thumbnail/status/{realm_id}/{dir}/{key}/{filename}': { rule: 'user', path: { realm_id: 2, dir: 'ab', key: 'no-such-key', filename: 'x.txt' }, over: { [ACTIVE]: '404: Not Found' } },
  'PATCH /realm': { rule: 'admin', params: { name: 'Matrix organization' } },
  'POST /svc-mock/restart': { rule: 'control' },
  'POST /bots': { rule: 'not-guest', params: { full_name: 'Matrix bot', short_name: 'matrix' }, over: { bot: NO_BOTS } },
  'PATCH /bots/{bot_id}': { rule: 'user', object: 'user', params: { default_all_public_streams: true }, over: { [ACTIVE]: '400: No such bot', 'bot/own': INSUFFICIENT } },
  'DELETE /bots/{bot_id}': { rule: 'user', object: 'user', over: { [ACTIVE]: '400: No such bot', 'bot/own': INSUFFICIENT } },
};
