import { describe, expect, it } from 'vitest';
import type { RealmFixture } from '../../generated/types.js';
import { devRealm } from '../../testing/dev-realm.js';
import { createManualClock } from '../clock.js';
import { exportRealm } from '../export-realm.js';
import { loadRealm } from '../load-realm.js';
import { setProfileData } from '../profile-fields/profile-fields.js';
import { createRandom } from '../random.js';
import type { Store } from '../store.js';
import { createUpload } from '../uploads/uploads.js';

const load = (fixture: unknown): Store =>
  loadRealm(fixture, {
    clock: createManualClock(Date.UTC(2025, 10, 21)),
    random: createRandom(1),
    featureLevel: 400,
  });

describe('export round trip of custom profile fields and uploads', () => {
  it('keeps fields, values and uploaded bytes through export and load', () => {
    const store = load(devRealm());
    const hamlet = store.state.usersByEmail.get('hamlet@svc.test')!;
    const bytes = new Uint8Array(70000).map((_, i) => (i * 7) % 256);
    const upload = createUpload(store, hamlet, {
      name: 'data.bin',
      contentType: 'application/x-test',
      content: bytes,
    });
    setProfileData(store, hamlet, [
      { field: store.state.profileFields.get(4)!, value: '1999-12-31' },
      { field: store.state.profileFields.get(1)!, value: null },
    ]);
    const exported = exportRealm(store);
    const copy = load(exported);
    expect([...copy.state.profileFields.values()]).toEqual([...store.state.profileFields.values()]);
    expect(copy.state.profileData.get(hamlet.user_id)).toEqual(
      new Map([
        [2, 'Prince of *Denmark*.'],
        [4, '1999-12-31'],
      ]),
    );
    const restored = copy.state.uploads.get(upload.id)!;
    expect(restored).toMatchObject({
      path_id: upload.path_id,
      name: 'data.bin',
      content_type: 'application/x-test',
    });
    expect(restored.content).toEqual(bytes);
    expect(exportRealm(copy).attachments).toEqual(exported.attachments);
    // New ids continue after the loaded ones.
    expect(copy.nextId('attachment')).toBe(upload.id + 1);
  });

  it('refuses a fixture whose upload or profile value names an unknown user', () => {
    const fixture = structuredClone(devRealm()) as RealmFixture;
    fixture.attachments = [{ ...fixture.attachments![0]!, owner_id: 4242 }];
    fixture.custom_profile_fields = [{ id: 1, type: 1, name: 'Phone', values: { '4343': 'x' } }];
    expect(() => load(fixture)).toThrow(/\/attachments\/0\/owner_id: no user with id 4242/);
    expect(() => load(fixture)).toThrow(/\/custom_profile_fields\/0\/values\/4343: no user with id 4343/);
  });
});
