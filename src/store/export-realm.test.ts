import { describe, expect, it } from 'vitest';
import { generateRealm } from '../fixtures/generate/index.js';
import type { RealmFixture, RealmSettings } from '../generated/types.js';
import { inputValidator } from '../schema/validator.js';
import { devRealm } from '../testing/dev-realm.js';
import { createManualClock } from './clock.js';
import { exportRealm } from './export-realm.js';
import { loadRealm, withDefaults } from './load-realm.js';
import { createRandom } from './random.js';
import { CHANNEL_GROUP_SETTINGS, FLAG_BITS, USER_GROUP_SETTINGS, type RealmState } from './state.js';
import type { Store } from './store.js';

const load = (fixture: unknown): Store =>
  loadRealm(fixture, {
    clock: createManualClock(Date.UTC(2025, 10, 21)),
    random: createRandom(1),
    featureLevel: 400,
  });

type Row = Record<string, unknown>;
const byKeys =
  (...keys: string[]) =>
  (a: Row, b: Row): number => {
    for (const key of keys) if (a[key] !== b[key]) return (a[key] as number) - (b[key] as number);
    return 0;
  };
const rows = (list: unknown): Row[] => list as Row[];
const sortIds = (row: Row, key: string): void => {
  if (Array.isArray(row[key])) row[key] = [...new Set(row[key] as number[])].sort((a, b) => a - b);
};

/**
 * The canonical form of a fixture, for comparing the dev fixture with an export. A fixture may leave out what the
 * loader fills in: the schema's static defaults (filled here by Ajv, as the loader does) and values the loader
 * derives from other records (a subscription's colour from its position, its date from the channel's creation,
 * history_public_to_subscribers from invite_only, group settings from the creator and system groups). The export
 * writes the derived ones out so that nothing depends on record order, so the original's missing derived
 * values are completed from the state it loaded into. Records are compared in id order (the export groups
 * subscriptions by user), and id lists as sets; `$schema` (a path relative to the file) is dropped.
 */
function canonical(fixture: unknown, state: RealmState): RealmFixture {
  const f = structuredClone(fixture) as RealmFixture & Record<string, unknown>;
  delete f.$schema;
  const validate = inputValidator('realm.json');
  if (!validate(f)) throw new Error(JSON.stringify(validate.errors));
  for (const c of rows(f.channels)) {
    const loaded = state.channels.get(c.stream_id as number)!;
    c.history_public_to_subscribers ??= loaded.history_public_to_subscribers;
    for (const key of CHANNEL_GROUP_SETTINGS) c[key] ??= loaded[key];
  }
  for (const s of rows(f.subscriptions)) {
    const loaded = state.subscriptions.get(s.user_id as number)!.get(s.stream_id as number)!;
    s.color ??= loaded.color;
    s.date_subscribed ??= loaded.date_subscribed;
  }
  for (const g of rows(f.user_groups)) {
    const loaded = state.groups.get(g.id as number)!;
    for (const key of USER_GROUP_SETTINGS) g[key] ??= loaded[key];
    sortIds(g, 'members');
    sortIds(g, 'direct_subgroup_ids');
  }
  for (const m of rows(f.messages)) {
    if (Array.isArray(m.to)) m.to = (m.to as number[]).filter((id) => id !== m.sender_id);
    for (const key of ['to', 'unread_by', 'starred_by']) sortIds(m, key);
  }
  rows(f.users).sort(byKeys('user_id'));
  rows(f.channels).sort(byKeys('stream_id'));
  rows(f.subscriptions).sort(byKeys('user_id', 'stream_id'));
  rows(f.user_groups).sort(byKeys('id'));
  rows(f.messages).sort(byKeys('id'));
  return f;
}

describe('exportRealm', () => {
  it('exports the dev realm as the dev fixture (canonical form) and the export is valid against realm.json', () => {
    const store = load(devRealm());
    const exported = exportRealm(store);
    const validate = inputValidator('realm.json');
    expect(validate(structuredClone(exported)), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(canonical(exported, store.state)).toEqual(canonical(devRealm(), store.state));
  });

  it('loads back into an equal state, indexes and personal flags included, and is a fixed point', () => {
    const original = load(devRealm());
    const exported = exportRealm(original);
    const again = load(exported);
    expect(again.state).toEqual(original.state);
    expect(JSON.stringify(exportRealm(again))).toBe(JSON.stringify(exported));
  });

  it('round-trips a generated realm', () => {
    const realm = generateRealm({ users: 40, channels: 8, messages: 1500, seed: 11 });
    const original = load(realm);
    const exported = exportRealm(original);
    const again = load(exported);
    expect(again.state).toEqual(original.state);
    expect(canonical(exported, original.state)).toEqual(canonical(realm, original.state));
  });

  it('writes organization and personal settings sparsely: only what differs from the defaults', () => {
    const exported = exportRealm(load(devRealm()));
    const dev = devRealm() as RealmFixture;
    const defaults = withDefaults<RealmSettings>('resources/realm-settings.json', {}) as Record<
      string,
      unknown
    >;
    const differing = Object.entries(dev.realm.settings!).filter(([key, value]) => value !== defaults[key]);
    expect(differing.length).toBeGreaterThan(0);
    expect(exported.realm.settings).toEqual(Object.fromEntries(differing));
    expect(exported.realm.user_settings_defaults).toEqual(dev.realm.user_settings_defaults);
    const hamlet = exported.users.find((u) => u.delivery_email === 'hamlet@svc.test')!;
    // The fixture gives hamlet {email_address_visibility: 1}, the schema default, and a settings object is
    // completed from the schema defaults: hamlet's enter_sends is the schema's false, not the realm default true,
    // so the export names it (a key whose realm default differs from the schema default is always written).
    expect(hamlet.settings).toEqual({ enter_sends: false });
    const othello = exported.users.find((u) => u.delivery_email === 'othello@svc.test')!;
    expect(othello.settings).toEqual({ email_address_visibility: 3, enter_sends: false });
  });

  it('leaves out rows a fixture cannot hold instead of writing a fixture that does not load', () => {
    const store = load(devRealm());
    const { state } = store;
    // A star on a channel message by someone never subscribed to that channel (a "historical" row).
    const users = [...state.index.flags.keys()];
    const message = [...state.messages.values()].find(
      (m) => m.stream_id !== null && users.some((id) => !state.subscriptions.get(id)?.has(m.stream_id!)),
    )!;
    const outsider = users.find((id) => !state.subscriptions.get(id)?.has(message.stream_id!))!;
    state.index.flags.get(outsider)!.set(message.id, FLAG_BITS.starred);
    const exported = exportRealm(store);
    const written = exported.messages!.find((m) => m.id === message.id)!;
    expect(written.starred_by ?? []).not.toContain(outsider);
    expect(written.unread_by ?? []).not.toContain(outsider);
    expect(() => load(exported)).not.toThrow();
  });
});
