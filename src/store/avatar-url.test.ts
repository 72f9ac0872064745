import { describe, expect, it } from 'vitest';
import { avatarUrl } from './users.js';
import type { RealmState, UserRecord } from './state.js';

const state = (id: number): RealmState => ({ realm: { id } }) as unknown as RealmState;
const user = (): UserRecord =>
  ({
    user_id: 8,
    delivery_email: 'Hamlet@svc.test',
    avatar_source: 'U',
    avatar_version: 1,
    is_bot: false,
    settings: { email_address_visibility: 1 },
  }) as unknown as UserRecord;
const plain = { clientExtavatar: false };

describe('avatarUrl', () => {
  it('gives the uploaded avatar, then every change of version, source or address in the next answer', () => {
    const hamlet = user();
    const realm = state(2);
    expect(avatarUrl(realm, hamlet, plain)).toBe('/user_avatars/2/8.png?version=1');
    expect(avatarUrl(realm, hamlet, plain)).toBe('/user_avatars/2/8.png?version=1');
    expect(avatarUrl(realm, hamlet, { ...plain, medium: true })).toBe(
      '/user_avatars/2/8-medium.png?version=1',
    );
    hamlet.avatar_version = 2;
    expect(avatarUrl(realm, hamlet, plain)).toBe('/user_avatars/2/8.png?version=2');
    hamlet.avatar_source = 'G';
    // The md5 of the lowercased address.
    expect(avatarUrl(realm, hamlet, plain)).toBe(
      'https://secure.gravatar.com/avatar/d82c5abbc52090cb24e251b14e983721?d=identicon&version=2',
    );
    hamlet.delivery_email = 'prince@svc.test';
    expect(avatarUrl(realm, hamlet, plain)).toBe(
      'https://secure.gravatar.com/avatar/0a0f516486859df2380ea12e538a0455?d=identicon&version=2',
    );
    expect(avatarUrl(realm, hamlet, { ...plain, medium: true })).toMatch(/\?d=identicon&s=500&version=2$/);
  });

  it('gives each realm its own URL for one user record', () => {
    const hamlet = user();
    expect(avatarUrl(state(2), hamlet, plain)).toBe('/user_avatars/2/8.png?version=1');
    expect(avatarUrl(state(3), hamlet, plain)).toBe('/user_avatars/3/8.png?version=1');
    expect(avatarUrl(state(2), hamlet, plain)).toBe('/user_avatars/2/8.png?version=1');
  });

  it('leaves an external avatar to a client_extavatar client that may see the address', () => {
    const hamlet = user();
    hamlet.avatar_source = 'G';
    expect(avatarUrl(state(2), hamlet, { clientExtavatar: true, viewer: hamlet })).toBeNull();
    expect(avatarUrl(state(2), hamlet, plain)).toMatch(/^https:\/\/secure\.gravatar\.com\//);
  });
});
