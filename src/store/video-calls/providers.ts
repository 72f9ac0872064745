/**
 * Video call providers of feature levels 460-493. A real server offers one when its configuration holds the
 * provider's credentials; the mock has no server configuration of its own, so a provider counts as
 * configured exactly when the realm's video_chat_provider names it. Call URLs are deterministic: a per-store
 * sequence number, no randomness.
 */
import type { Store } from '../store.js';

/** A call provider with a create endpoint the mock serves. */
export interface CallProvider {
  /** Key in realm_available_video_chat_providers. */
  key: 'constructor_groups' | 'nextcloud_talk' | 'webex';
  /** The provider's name as the server shows it. */
  name: string;
  /** Its video_chat_provider id. */
  id: number;
  /** Whether the server authenticates per user by OAuth (its error names missing credentials). */
  oauth: boolean;
  /** The URL of the call numbered `n`. */
  url: (n: number) => string;
}

/** The providers by their create endpoint's path segment. */
export const CALL_PROVIDERS = {
  constructorgroups: {
    key: 'constructor_groups',
    name: 'Constructor Groups',
    id: 6,
    oauth: false,
    url: (n) => `https://svc.constructor.app/groups/room/svc-room-${n}`,
  },
  nextcloud_talk: {
    key: 'nextcloud_talk',
    name: 'Nextcloud Talk',
    id: 7,
    oauth: false,
    url: (n) => `https://nextcloud.svc.test/index.php/call/svc${n.toString(36).padStart(8, '0')}`,
  },
  webex: {
    key: 'webex',
    name: 'Webex',
    id: 8,
    oauth: true,
    url: (n) => `https://svc.webex.com/svc/j.php?MTID=m${n.toString(16).padStart(32, '0')}`,
  },
} as const satisfies Record<string, CallProvider>;

/** Whether the realm uses `provider` for its calls (the mock's stand-in for the server having it set up). */
export function providerConfigured(store: Store, provider: CallProvider): boolean {
  return store.state.settings.video_chat_provider === provider.id;
}

/** The configured call provider with a create endpoint, if the realm's provider is one. */
export function configuredCallProvider(store: Store): CallProvider | undefined {
  return Object.values(CALL_PROVIDERS).find((p: CallProvider) => providerConfigured(store, p));
}

/** A new call's URL from `provider` (the caller checked that it is configured). */
export function createCallUrl(store: Store, provider: CallProvider): string {
  return provider.url(store.nextId('call'));
}
