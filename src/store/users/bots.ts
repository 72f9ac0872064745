/** Bots as their owners and the administrators see them: the register realm_bots entries and realm_bot events. */
import { isRealmAdmin } from '../access.js';
import type { RealmState, UserRecord } from '../state.js';
import { apiEmail, avatarUrl } from '../users.js';
import { has, NEWEST_FEATURE_LEVEL } from '../../versions/index.js';

/** One entry of register's realm_bots, and the `bot` of a realm_bot/add event. */
export interface BotDict {
  user_id: number;
  default_sending_stream: string | null;
  default_events_register_stream: string | null;
  default_all_public_streams: boolean;
  services: unknown[];
  /** Fields of levels below 474 (clients read them from the user object from then on). */
  email?: string;
  full_name?: string;
  bot_type?: number;
  is_active?: boolean;
  api_key?: string;
  owner_id?: number | null;
  avatar_url?: string | null;
}

/** The name of a bot's default channel, or null (none, or the channel is gone). */
export function defaultChannelName(state: RealmState, id: number | null | undefined): string | null {
  return (id === null || id === undefined ? undefined : state.channels.get(id)?.name) ?? null;
}

/**
 * A bot in the server's realm_bots shape at `level`. The default channels are those POST / PATCH /bots set
 * (the realm format keeps none); the mock has no services (outgoing webhooks, embedded bots), so [].
 * Below level 474 the bot also carries its e-mail, name, type, state, API key, owner and avatar.
 */
export function formatBot(state: RealmState, bot: UserRecord, level = NEWEST_FEATURE_LEVEL): BotDict {
  const defaults = {
    default_sending_stream: defaultChannelName(state, bot.bot_default_sending_stream_id),
    default_events_register_stream: defaultChannelName(state, bot.bot_default_events_register_stream_id),
    default_all_public_streams: bot.bot_default_all_public_streams ?? false,
  };
  if (!has('bot_user_fields', level)) return { user_id: bot.user_id, ...defaults, services: [] };
  return {
    email: apiEmail(state, bot),
    user_id: bot.user_id,
    full_name: bot.full_name,
    bot_type: bot.bot_type ?? 1,
    is_active: bot.is_active,
    api_key: bot.api_key,
    ...defaults,
    owner_id: bot.bot_owner_id,
    avatar_url: avatarUrl(state, bot, { clientExtavatar: false }),
    services: [],
  };
}

/** The organization's own bots (not the cross-realm system bots), active or not, by id. */
function realmBots(state: RealmState): UserRecord[] {
  return [...state.users.values()]
    .filter((u) => u.is_bot && !u.is_system_bot)
    .sort((a, b) => a.user_id - b.user_id);
}

/** The bots a user administers: every bot for administrators, their own for others, none for guests. */
export function botsOf(state: RealmState, user: UserRecord): UserRecord[] {
  if (user.role === 600) return [];
  const all = realmBots(state);
  return isRealmAdmin(user) ? all : all.filter((b) => b.bot_owner_id === user.user_id);
}

/** Who hears of a bot's changes (realm_bot events): its owner and the active human administrators. */
export function botAudience(state: RealmState, bot: UserRecord): number[] {
  const ids = new Set<number>();
  // A guest owner administers no bot (botsOf), so hears of none either.
  const owner = bot.bot_owner_id === null ? undefined : state.users.get(bot.bot_owner_id);
  if (owner && owner.role !== 600) ids.add(owner.user_id);
  for (const user of state.users.values())
    if (user.is_active && !user.is_bot && isRealmAdmin(user)) ids.add(user.user_id);
  return [...ids].sort((a, b) => a - b);
}
