/** POST /bots and PATCH /bots/{bot_id}: bots a user creates and administers. */
import type {
  DeleteBotsBotIdParams,
  GroupSettingValue,
  PatchBotsBotIdParams,
  PostBotsParams,
} from '../../generated/types.js';
import { isRealmAdmin, isSubscribed } from '../../store/access.js';
import { isUserInGroupSetting } from '../../store/groups.js';
import { checkFullName } from '../../store/settings/settings.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { avatarUrl } from '../../store/users.js';
import { defaultChannelName } from '../../store/users/bots.js';
import { changeBotDefaults, createBot, type BotDefaults } from '../../store/users/create-bot.js';
import { deactivateUser, setFullName } from '../../store/users/mutate.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** What makes the local part of a bot's e-mail: letters, digits and . _ + - */
const SHORT_NAME = /^[A-Za-z0-9._+-]+$/;

/** The bot types a user may create: every type the mock has with can_create_bots_group, incoming webhooks only with the write-only group. */
function allowedBotTypes(store: Store, user: UserRecord): number[] {
  const { settings } = store.state;
  if (isUserInGroupSetting(store.state, settings.can_create_bots_group as GroupSettingValue, user.user_id))
    return [1, 2, 3];
  if (
    isUserInGroupSetting(
      store.state,
      settings.can_create_write_only_bots_group as GroupSettingValue,
      user.user_id,
    )
  )
    return [2];
  return [];
}

/** A checked full name no other active user has (bots' names must be unique). */
function botFullName(store: Store, raw: string, bot?: UserRecord): string {
  const checked = checkFullName(raw);
  if ('refusal' in checked) throw errors.nameRefused(checked.refusal);
  const taken = [...store.state.users.values()].some(
    (u) => u.is_active && u !== bot && u.full_name === checked.name,
  );
  if (taken) throw errors.nameInUse();
  return checked.name;
}

/** A default channel by name: undefined not given, null for none ('' or null), else a channel the owner may see. */
function defaultChannel(
  store: Store,
  owner: UserRecord,
  name: string | null | undefined,
): number | null | undefined {
  if (name === undefined) return undefined;
  if (name === null || name === '') return null;
  const channel = store.state.channelsByName.get(name.toLowerCase());
  const visible =
    channel &&
    !channel.is_archived &&
    (!channel.invite_only || isSubscribed(store.state, owner.user_id, channel.stream_id));
  if (!visible) throw errors.invalidChannelName(store.featureLevel, name);
  return channel.stream_id;
}

/** The defaults of a POST or PATCH, checked against the bot's owner. */
function defaultsOf(
  store: Store,
  owner: UserRecord,
  params: Pick<PostBotsParams, 'default_all_public_streams'> & {
    default_sending_stream?: string | null;
    default_events_register_stream?: string | null;
  },
): BotDefaults {
  return {
    default_sending_stream_id: defaultChannel(store, owner, params.default_sending_stream),
    default_events_register_stream_id: defaultChannel(store, owner, params.default_events_register_stream),
    default_all_public_streams: params.default_all_public_streams,
  };
}

/** The bot's defaults as the answers name them. */
const defaultsAnswer = (store: Store, bot: UserRecord) => ({
  default_sending_stream: defaultChannelName(store.state, bot.bot_default_sending_stream_id),
  default_events_register_stream: defaultChannelName(store.state, bot.bot_default_events_register_stream_id),
  default_all_public_streams: bot.bot_default_all_public_streams ?? false,
});

/** The active bot `botId` if `user` administers it (its owner or an administrator). */
function administeredBot(store: Store, user: UserRecord, botId: number): UserRecord {
  const bot = store.state.users.get(botId);
  if (!bot || !bot.is_bot || bot.is_system_bot || !bot.is_active) throw errors.noSuchBot();
  if (bot.bot_owner_id !== user.user_id && !isRealmAdmin(user)) throw errors.insufficientPermission();
  return bot;
}

/** Bot creation and settings routes. */
export const botManageRoutes = [
  defineRoute<PostBotsParams>({
    method: 'POST',
    path: '/bots',
    schema: 'post-bots',
    summary: 'Create a bot owned by the caller',
    handler({ store, user, params }) {
      if (user.is_bot) throw errors.notForBots();
      if (user.role === 600) throw errors.notForGuests();
      const botType = params.bot_type ?? 1;
      const allowed = allowedBotTypes(store, user);
      if (![1, 2, 3, 4].includes(botType)) throw errors.invalidBotType();
      if (!allowed.includes(botType))
        throw allowed.length ? errors.invalidBotType() : errors.insufficientPermission();
      const fullName = botFullName(store, params.full_name);
      const shortName = params.short_name.trim();
      if (!SHORT_NAME.test(shortName)) throw errors.badBotName();
      const email = `${shortName}-bot@${store.state.realm.email_domain}`;
      if (store.state.usersByEmail.has(email.toLowerCase())) throw errors.botUsernameTaken();
      const bot = createBot(store, {
        email,
        fullName,
        botType: botType as 1 | 2 | 3,
        owner: user,
        defaults: defaultsOf(store, user, params),
      });
      return {
        user_id: bot.user_id,
        api_key: bot.api_key,
        avatar_url: avatarUrl(store.state, bot, { clientExtavatar: false }),
        ...defaultsAnswer(store, bot),
      };
    },
  }),
  defineRoute<PatchBotsBotIdParams>({
    method: 'PATCH',
    path: '/bots/{bot_id}',
    schema: 'patch-bots-bot-id',
    summary: "Change a bot's name or default channels (its owner and administrators)",
    handler({ store, user, params }) {
      const bot = administeredBot(store, user, params.bot_id);
      // Every value is checked before anything changes.
      const owner = (bot.bot_owner_id === null ? undefined : store.state.users.get(bot.bot_owner_id)) ?? user;
      const fullName = params.full_name === undefined ? undefined : botFullName(store, params.full_name, bot);
      const defaults = defaultsOf(store, owner, params);
      if (fullName !== undefined) setFullName(store, bot, fullName);
      changeBotDefaults(store, bot, defaults);
      return {
        full_name: bot.full_name,
        avatar_url: avatarUrl(store.state, bot, { clientExtavatar: false }),
        ...defaultsAnswer(store, bot),
      };
    },
  }),
  defineRoute<DeleteBotsBotIdParams>({
    method: 'DELETE',
    path: '/bots/{bot_id}',
    schema: 'delete-bots-bot-id',
    summary: 'Deactivate a bot (its owner and administrators)',
    handler({ store, user, params }) {
      deactivateUser(store, administeredBot(store, user, params.bot_id));
      return {};
    },
  }),
];
