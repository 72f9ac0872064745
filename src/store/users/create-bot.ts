/** Bots users create (POST /bots) and change (PATCH /bots/{id}): the records, their indexes and events. */
import type { UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { addUserRecord, newApiKey, newUserAvatarSource } from '../invitations/create-user.js';
import { botAudience, defaultChannelName, formatBot } from './bots.js';

/** What a new bot starts with (checked by the caller). */
export interface NewBotInput {
  /** Its e-mail: `<short_name>-bot@<bot domain>`. */
  email: string;
  fullName: string;
  botType: 1 | 2 | 3 | 4;
  owner: UserRecord;
  defaults: BotDefaults;
}

/** A bot's default channels and whether it registers for every public channel. */
export interface BotDefaults {
  default_sending_stream_id?: number | null;
  default_events_register_stream_id?: number | null;
  default_all_public_streams?: boolean;
}

/**
 * Creates a bot owned by `input.owner` (a member; bots join no channel). Emits realm_user/add to everyone, the
 * system-group membership events, and realm_bot/add (the level's bot object) to the owner and administrators.
 */
export function createBot(store: Store, input: NewBotInput): UserRecord {
  const { state } = store;
  const bot: UserRecord = {
    user_id: store.nextId('user'),
    delivery_email: input.email,
    full_name: input.fullName,
    role: 400,
    is_bot: true,
    bot_type: input.botType,
    bot_owner_id: input.owner.user_id,
    is_system_bot: false,
    is_active: true,
    is_billing_admin: false,
    date_joined: store.now(),
    timezone: '',
    api_key: newApiKey(store),
    avatar_source: newUserAvatarSource(store),
    avatar_version: 1,
    settings: structuredClone(state.userSettingsDefaults),
    bot_default_sending_stream_id: input.defaults.default_sending_stream_id ?? null,
    bot_default_events_register_stream_id: input.defaults.default_events_register_stream_id ?? null,
    bot_default_all_public_streams: input.defaults.default_all_public_streams ?? false,
  };
  addUserRecord(store, bot);
  store.emit(botAudience(state, bot), {
    type: 'realm_bot',
    op: 'add',
    bot: formatBot(state, bot, store.featureLevel),
  });
  return bot;
}

const WIRE_NAMES = {
  default_sending_stream_id: 'default_sending_stream',
  default_events_register_stream_id: 'default_events_register_stream',
  default_all_public_streams: 'default_all_public_streams',
} as const;

/** Changes a bot's defaults; each changed one sends realm_bot/update {user_id, <field>} to its audience. */
export function changeBotDefaults(store: Store, bot: UserRecord, changes: BotDefaults): void {
  for (const [key, wire] of Object.entries(WIRE_NAMES) as Array<[keyof BotDefaults, string]>) {
    const value = changes[key];
    if (value === undefined) continue;
    const field = `bot_${key}` as const;
    const current = bot[field] ?? (key === 'default_all_public_streams' ? false : null);
    if (current === value) continue;
    (bot as unknown as Record<string, unknown>)[field] = value;
    const shown = typeof value === 'boolean' ? value : defaultChannelName(store.state, value);
    store.emit(botAudience(store.state, bot), {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: bot.user_id, [wire]: shown },
    });
  }
}
