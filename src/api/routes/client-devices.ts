/** Logged-in client devices: POST /register_client_device (level 468) and POST /remove_client_device (470). */
import type { PostRemoveClientDeviceParams } from '../../generated/types.js';
import { registerClientDevice, removeClientDevice } from '../../store/devices/devices.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** Client device routes; below their levels the dispatcher answers 404 (ENDPOINT_GATES). */
export const clientDeviceRoutes = [
  defineRoute({
    method: 'POST',
    path: '/register_client_device',
    schema: 'post-register-client-device',
    summary: 'Register a logged-in device of the caller',
    handler({ store, user }) {
      return { device_id: registerClientDevice(store, user.user_id).id };
    },
  }),
  defineRoute<PostRemoveClientDeviceParams>({
    method: 'POST',
    path: '/remove_client_device',
    schema: 'post-remove-client-device',
    summary: "Remove one of the caller's registered devices",
    handler({ store, user, params }) {
      // Another user's device is refused as an unknown one: device ids are not probed.
      if (!removeClientDevice(store, user.user_id, params.device_id)) throw errors.invalidDeviceId();
      return {};
    },
  }),
];
