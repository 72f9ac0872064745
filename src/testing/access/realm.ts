/**
 * The access realm: the dev realm plus planted objects whose text is a marker that must never reach a caller
 * who may not see it (a private channel only the keeper is in, its messages, the keeper's drafts, snippets and
 * scheduled messages, hidden delivery e-mails), and one own object of each kind for every caller.
 */
import { PreparedRealm } from '../../store/load-realm.js';
import { devRealm } from '../dev-realm.js';

/** Marker texts planted in the realm; a response or event holding one leaked it (unless allowed). */
export const MARK = {
  /** Name of the private channel only the keeper is subscribed to (admins may see its metadata). */
  channel: 'qzv-vault',
  topic: 'qzv-topic',
  message: 'qzv-secret-message',
  dm: 'qzv-secret-dm',
  draft: 'qzv-secret-draft',
  snippet: 'qzv-secret-snippet',
  scheduled: 'qzv-secret-scheduled',
  /** The keeper's delivery e-mail (visibility: nobody). */
  hiddenEmail: 'qzv-keeper@svc.test',
  /** The quiet member's delivery e-mail (visibility: administrators). */
  adminEmail: 'qzv-quiet@svc.test',
  /** The keeper's name: a guest cannot access the keeper (no shared channel), so sees "Unknown user". */
  keeperName: 'Qzv Keeper',
  /** The API key of the keeper's bot (register's realm_bots: its owner and the administrators only). */
  botKey: 'QzvKeeperBotKey0123456789abcdefg',
} as const;

/** Ids of the planted objects. */
export const IDS = {
  // Far above the dev realm's ids, so the dev realm can grow without a clash.
  keeper: 940,
  quiet: 941,
  keeperBot: 942,
  prospero: 14,
  publicChannel: 940,
  vault: 941,
  ownGroup: 940,
  vaultGroup: 941,
  /** A public message of Prospero in the public channel. */
  publicMessage: 3100,
  quietMessage: 3099,
  vaultMessage: 3101,
  vaultDm: 3102,
  /** The keeper's draft, snippet and scheduled message (each to the vault). */
  keeperObject: 399,
} as const;

/** Id of the caller's own message (in the public channel). */
export const ownMessageId = (userId: number): number => 3000 + userId;
/** Id of the caller's own draft, saved snippet and scheduled message. */
export const ownObjectId = (userId: number): number => 300 + userId;

/** Accounts that get own objects: owner, admin, member, guest, moderator, bot, deactivated. */
const OWNERS = [9, 10, 11, 13, 15, 16, 18];
const T = 1763000000;
// 100 s before the matrix's clock starts: own messages are still within the edit and delete time limits.
const RECENT = 1763683100;
const FUTURE = 1893456000;
const key = (seed: string): string => `${seed}AccessKey0123456789abcdefghij`.slice(0, 32);

function planted(base: Record<string, unknown>): Record<string, unknown> {
  const list = (name: string): unknown[] => [...((base[name] as unknown[] | undefined) ?? [])];
  const realm = base.realm as { settings: Record<string, unknown> };
  const users = list('users');
  users.push(
    {
      user_id: IDS.keeper,
      delivery_email: MARK.hiddenEmail,
      full_name: MARK.keeperName,
      role: 400,
      date_joined: T,
      api_key: key('keeper'),
      settings: { email_address_visibility: 4 },
    },
    {
      user_id: IDS.quiet,
      delivery_email: MARK.adminEmail,
      full_name: 'Quiet Member',
      role: 400,
      date_joined: T,
      api_key: key('quiet'),
      settings: { email_address_visibility: 3 },
    },
    {
      user_id: IDS.keeperBot,
      delivery_email: 'keeper-bot@svc.test',
      full_name: 'Keeper Bot',
      role: 400,
      date_joined: T,
      api_key: MARK.botKey,
      is_bot: true,
      bot_type: 1,
      bot_owner_id: IDS.keeper,
    },
  );
  const channels = list('channels');
  channels.push(
    {
      stream_id: IDS.publicChannel,
      name: 'access-public',
      description: 'Everyone of the matrix',
      date_created: T,
    },
    {
      stream_id: IDS.vault,
      name: MARK.channel,
      description: 'Only the keeper',
      invite_only: true,
      history_public_to_subscribers: false,
      date_created: T,
      creator_id: IDS.keeper,
    },
  );
  const subscriptions = list('subscriptions');
  for (const id of [...OWNERS, IDS.prospero, IDS.quiet])
    subscriptions.push({ user_id: id, stream_id: IDS.publicChannel });
  subscriptions.push({ user_id: IDS.keeper, stream_id: IDS.vault });
  const groups = list('user_groups');
  groups.push(
    {
      id: IDS.ownGroup,
      name: 'access-team',
      description: 'Every caller',
      members: OWNERS,
      date_created: T,
      creator_id: 9,
    },
    {
      id: IDS.vaultGroup,
      name: 'keeper-group',
      description: 'Only the keeper',
      members: [IDS.keeper],
      date_created: T,
      creator_id: IDS.keeper,
    },
  );
  const messages = list('messages');
  for (const id of OWNERS)
    messages.push({
      id: ownMessageId(id),
      sender_id: id,
      stream_id: IDS.publicChannel,
      topic: 'matrix',
      content: `own message of ${id}`,
      timestamp: RECENT,
    });
  messages.push(
    // The quiet member (e-mail visible to administrators only) writes in the public channel too.
    {
      id: IDS.quietMessage,
      sender_id: IDS.quiet,
      stream_id: IDS.publicChannel,
      topic: 'matrix',
      content: 'a quiet message',
      timestamp: RECENT,
    },
    {
      id: IDS.publicMessage,
      sender_id: IDS.prospero,
      stream_id: IDS.publicChannel,
      topic: 'matrix',
      content: 'a public message',
      timestamp: RECENT + 1,
    },
    {
      id: IDS.vaultMessage,
      sender_id: IDS.keeper,
      stream_id: IDS.vault,
      topic: MARK.topic,
      content: MARK.message,
      timestamp: RECENT + 2,
    },
    { id: IDS.vaultDm, sender_id: IDS.keeper, to: [IDS.prospero], content: MARK.dm, timestamp: RECENT + 3 },
  );
  const drafts = list('drafts');
  const snippets = list('saved_snippets');
  const scheduled = list('scheduled_messages');
  for (const id of OWNERS) {
    const objectId = ownObjectId(id);
    drafts.push({
      id: objectId,
      user_id: id,
      type: 'stream',
      to: [IDS.publicChannel],
      topic: 'matrix',
      content: `own draft of ${id}`,
      timestamp: T,
    });
    snippets.push({
      id: objectId,
      user_id: id,
      title: `own snippet ${id}`,
      content: `own snippet of ${id}`,
      date_created: T,
    });
    scheduled.push({
      scheduled_message_id: objectId,
      sender_id: id,
      type: 'stream',
      to: IDS.publicChannel,
      topic: 'matrix',
      content: `own scheduled of ${id}`,
      scheduled_delivery_timestamp: FUTURE,
    });
  }
  const k = IDS.keeperObject;
  drafts.push({
    id: k,
    user_id: IDS.keeper,
    type: 'stream',
    to: [IDS.vault],
    topic: MARK.topic,
    content: MARK.draft,
    timestamp: T,
  });
  snippets.push({ id: k, user_id: IDS.keeper, title: MARK.snippet, content: MARK.snippet, date_created: T });
  scheduled.push({
    scheduled_message_id: k,
    sender_id: IDS.keeper,
    type: 'stream',
    to: IDS.vault,
    topic: MARK.topic,
    content: MARK.scheduled,
    scheduled_delivery_timestamp: FUTURE,
  });
  return {
    ...base,
    // Guests see only users they share a channel or a conversation with (the keeper is not one of them).
    realm: { ...realm, settings: { ...realm.settings, can_access_all_users_group: 6 } },
    users,
    channels,
    subscriptions,
    user_groups: groups,
    messages,
    drafts,
    saved_snippets: snippets,
    scheduled_messages: scheduled,
  };
}

let prepared: PreparedRealm | undefined;

/** The access realm, validated once per process. */
export function accessRealm(): PreparedRealm {
  prepared ??= PreparedRealm.from(planted(devRealm() as Record<string, unknown>));
  return prepared;
}
