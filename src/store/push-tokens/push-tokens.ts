/** iOS (APNs) device tokens registered for push notifications. No events: clients never see them. */
import type { RealmState } from '../state.js';

/** Longest token accepted (characters). */
export const MAX_TOKEN_LENGTH = 4096;

/** Why a token is refused. */
export type TokenRefusal = 'empty_or_length' | 'invalid';

/** Checks an APNs token: non-empty, at most 4096 characters, hexadecimal or base64 text. */
export function checkApnsToken(token: string): TokenRefusal | null {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) return 'empty_or_length';
  const hex = /^[0-9a-fA-F]+$/.test(token) && token.length % 2 === 0;
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/.test(token) && token.length % 4 === 0;
  return hex || base64 ? null : 'invalid';
}

/** Registers a token for the user; registering it again only updates the app id. */
export function addApnsToken(state: RealmState, userId: number, token: string, appid: string): void {
  const existing = state.pushTokens.find(
    (t) => t.user_id === userId && t.kind === 'apns' && t.token === token,
  );
  if (existing) existing.appid = appid;
  else state.pushTokens.push({ user_id: userId, kind: 'apns', token, appid });
}

/** Removes a user's token; false when it was not registered. */
export function removeApnsToken(state: RealmState, userId: number, token: string): boolean {
  const at = state.pushTokens.findIndex(
    (t) => t.user_id === userId && t.kind === 'apns' && t.token === token,
  );
  if (at < 0) return false;
  state.pushTokens.splice(at, 1);
  return true;
}
