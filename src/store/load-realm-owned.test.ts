import { describe, expect, it } from 'vitest';
import { generateRealm } from '../fixtures/generate/index.js';
import { createManualClock } from './clock.js';
import { exportRealm } from './export-realm.js';
import { PreparedRealm, RealmLoadError } from './load-realm.js';
import { createRandom } from './random.js';

const options = () => ({
  clock: createManualClock(Date.UTC(2025, 0, 1)),
  random: createRandom(1),
  featureLevel: 435,
});

const fixture = (): Record<string, unknown> =>
  generateRealm({ users: 20, channels: 5, messages: 300, seed: 5 }) as unknown as Record<string, unknown>;

describe('PreparedRealm.from with an owned fixture', () => {
  it('loads the same realm as from a copy', () => {
    const copied = exportRealm(PreparedRealm.from(fixture()).createStore(options()));
    const owned = exportRealm(PreparedRealm.from(fixture(), { owned: true }).createStore(options()));
    expect(owned).toEqual(copied);
    expect((owned.messages ?? []).length).toBe(300);
  });

  it('refuses an invalid owned fixture with the same problems', () => {
    const bad = (): Record<string, unknown> => {
      const realm = fixture();
      (realm.messages as Array<Record<string, unknown>>)[3]!.sender_id = 99_999;
      return realm;
    };
    const problems = (make: () => PreparedRealm): string[] => {
      try {
        make();
      } catch (error) {
        if (error instanceof RealmLoadError) return error.problems;
        throw error;
      }
      return [];
    };
    const fromCopy = problems(() => PreparedRealm.from(bad()));
    expect(fromCopy.some((p) => p.includes('/messages/3/sender_id'))).toBe(true);
    expect(problems(() => PreparedRealm.from(bad(), { owned: true }))).toEqual(fromCopy);
  });
});
