/**
 * Logged-in client devices (feature levels 468 and 470): registration hands out an id, removal forgets it, and
 * each sends the `device` event to the device's own user only, as the real server does.
 */
import type { ClientDeviceRecord } from '../state.js';
import type { Store } from '../store.js';

/** A device as register's `devices` dictionary describes it: the mock keeps no push registration for it. */
export interface DeviceInfo {
  push_key_id: null;
  push_token_id: null;
  pending_push_token_id: null;
  push_token_last_updated_timestamp: null;
  push_registration_error_code: null;
}

const NO_PUSH_REGISTRATION: DeviceInfo = {
  push_key_id: null,
  push_token_id: null,
  pending_push_token_id: null,
  push_token_last_updated_timestamp: null,
  push_registration_error_code: null,
};

/** Registers a new device for `userId`, sends device/add to that user and returns the device. */
export function registerClientDevice(store: Store, userId: number): ClientDeviceRecord {
  const device: ClientDeviceRecord = { id: store.nextId('device'), user_id: userId };
  store.state.clientDevices.set(device.id, device);
  store.emit([userId], { type: 'device', op: 'add', device_id: device.id });
  return device;
}

/** Removes the user's own device `deviceId` (sending device/remove); false when the user has no such device. */
export function removeClientDevice(store: Store, userId: number, deviceId: number): boolean {
  const device = store.state.clientDevices.get(deviceId);
  if (!device || device.user_id !== userId) return false;
  store.state.clientDevices.delete(deviceId);
  store.emit([userId], { type: 'device', op: 'remove', device_id: deviceId });
  return true;
}

/** Register's `devices`: the user's devices keyed by id (as a string, JSON object keys being strings). */
export function devicesOf(store: Store, userId: number): Record<string, DeviceInfo> {
  const out: Record<string, DeviceInfo> = {};
  for (const device of store.state.clientDevices.values())
    if (device.user_id === userId) out[String(device.id)] = { ...NO_PUSH_REGISTRATION };
  return out;
}
