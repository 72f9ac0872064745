/** Errors of client devices, video call providers and topic creation (feature levels 441-493). */
import { bad } from './core.js';

/** Client-device, video-call and new-topic error factories. */
export const devicesCallsErrors = {
  invalidDeviceId: () => bad('Invalid `device_id`'),
  /** An OAuth call provider (Webex) without server credentials. */
  videoCallCredentialsMissing: (provider: string) => bad(`${provider} credentials have not been configured`),
  /** A call provider the server is not set up for (the BigBlueButton wording). */
  videoCallProviderNotConfigured: (provider: string) => bad(`${provider} is not configured.`),
  cannotCreateTopic: () => bad('You do not have permission to create new topics in this channel.'),
} as const;
