/** Bot endpoints beyond the realm file's bots: GET /bots/{bot_id}/api_key (feature level 463). */
import type { GetBotApiKeyParams } from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** Bot routes. */
export const botRoutes = [
  defineRoute<GetBotApiKeyParams>({
    method: 'GET',
    path: '/bots/{bot_id}/api_key',
    schema: 'get-bots-bot-id-api-key',
    summary: "A bot's API key, for its owner and administrators",
    handler({ store, user, params }) {
      const bot = store.state.users.get(params.bot_id);
      if (!bot || !bot.is_bot || bot.is_system_bot || !bot.is_active) throw errors.noSuchBot();
      if (bot.bot_owner_id !== user.user_id && !isRealmAdmin(user)) throw errors.insufficientPermission();
      return { api_key: bot.api_key };
    },
  }),
];
