/** POST and DELETE /users/me/apns_device_token: iOS push device tokens (deprecated at level 406). */
import type {
  DeleteUsersMeApnsDeviceTokenParams,
  PostUsersMeApnsDeviceTokenParams,
} from '../../generated/types.js';
import { addApnsToken, checkApnsToken, removeApnsToken } from '../../store/push-tokens/push-tokens.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { has } from '../../versions/index.js';

/** The iOS app id older servers assumed when a client sent none (their server setting's default). */
const DEFAULT_IOS_APP_ID = 'com.example.chat';

export const pushTokenRoutes = [
  defineRoute<PostUsersMeApnsDeviceTokenParams>({
    method: 'POST',
    path: '/users/me/apns_device_token',
    schema: 'post-users-me-apns-device-token',
    summary: 'Register an iOS device token for push notifications',
    handler({ store, user, params }) {
      if (params.appid === undefined && has('apns_appid_required', store.featureLevel))
        throw errors.missingArgument('appid');
      if (user.is_bot) throw errors.notForBots();
      const refusal = checkApnsToken(params.token);
      if (refusal) throw errors.pushTokenRefused(refusal);
      addApnsToken(store.state, user.user_id, params.token, params.appid ?? DEFAULT_IOS_APP_ID);
      return {};
    },
  }),
  defineRoute<DeleteUsersMeApnsDeviceTokenParams>({
    method: 'DELETE',
    path: '/users/me/apns_device_token',
    schema: 'delete-users-me-apns-device-token',
    summary: 'Remove an iOS device token',
    handler({ store, user, params }) {
      if (user.is_bot) throw errors.notForBots();
      const refusal = checkApnsToken(params.token);
      if (refusal) throw errors.pushTokenRefused(refusal);
      if (!removeApnsToken(store.state, user.user_id, params.token)) throw errors.pushTokenNotFound();
      return {};
    },
  }),
];
