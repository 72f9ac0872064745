/** POST and DELETE /users/me/apns_device_token: iOS push device tokens (deprecated at level 406). */
import type {
  DeleteUsersMeApnsDeviceTokenParams,
  PostUsersMeApnsDeviceTokenParams,
} from '../../generated/types.js';
import { addApnsToken, checkApnsToken, removeApnsToken } from '../../store/push-tokens/push-tokens.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

export const pushTokenRoutes = [
  defineRoute<PostUsersMeApnsDeviceTokenParams>({
    method: 'POST',
    path: '/users/me/apns_device_token',
    schema: 'post-users-me-apns-device-token',
    summary: 'Register an iOS device token for push notifications',
    handler({ store, user, params }) {
      if (user.is_bot) throw errors.notForBots();
      const refusal = checkApnsToken(params.token);
      if (refusal) throw errors.pushTokenRefused(refusal);
      addApnsToken(store.state, user.user_id, params.token, params.appid);
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
