/** Realm info and settings for an export: only what differs from the defaults the loader fills in. */
import type { RealmInfo, RealmSettings, UserSettings } from '../../generated/types.js';
import { withDefaults } from '../load-realm.js';
import type { RealmState, UserRecord } from '../state.js';

let schemaDefaults: { realm: Record<string, unknown>; user: Record<string, unknown> } | undefined;

/** The schema defaults of realm and user settings (what an empty settings object is filled with). */
function defaults(): NonNullable<typeof schemaDefaults> {
  schemaDefaults ??= {
    realm: withDefaults<RealmSettings>('resources/realm-settings.json', {}),
    user: withDefaults<UserSettings>('resources/user-settings.json', {}),
  };
  return schemaDefaults;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Entries in the schema's key order (then any others), so equal settings always export alike. */
function inSchemaOrder(values: object, schema: Record<string, unknown>): Array<[string, unknown]> {
  const record = values as Record<string, unknown>;
  const keys = new Set([...Object.keys(schema).filter((k) => k in record), ...Object.keys(record)]);
  return [...keys].map((k) => [k, record[k]]);
}

/** A group-setting value as a fixture writes it: a system group by name, an anonymous group copied. */
function groupSettingValue(value: unknown, systemNames: Map<number, string>): unknown {
  if (typeof value === 'number') return systemNames.get(value) ?? value;
  return structuredClone(value);
}

/** Organization settings that differ from the schema defaults (system groups by `role:` name). */
function realmSettings(state: RealmState): RealmSettings {
  const systemNames = new Map([...state.systemGroupIds].map(([name, id]) => [id, name]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of inSchemaOrder(state.settings, defaults().realm)) {
    const fallback = defaults().realm[key];
    const isGroup = typeof fallback === 'string' && fallback.startsWith('role:');
    const written = isGroup ? groupSettingValue(value, systemNames) : structuredClone(value);
    if (!same(written, fallback)) out[key] = written;
  }
  return out as RealmSettings;
}

/** Personal-setting defaults that differ from the schema defaults. */
function userSettingsDefaults(state: RealmState): UserSettings {
  const out: Record<string, unknown> = {};
  for (const [key, value] of inSchemaOrder(state.userSettingsDefaults, defaults().user)) {
    if (!same(value, defaults().user[key])) out[key] = structuredClone(value);
  }
  return out as UserSettings;
}

/** The realm object of a fixture: the organization with its sparse settings. */
export function exportRealmInfo(state: RealmState): RealmInfo {
  return {
    ...structuredClone(state.realm),
    settings: realmSettings(state),
    user_settings_defaults: userSettingsDefaults(state),
  };
}

/**
 * A user's settings as a fixture gives them, or undefined when they are the realm's defaults. A settings object
 * in a fixture is completed from the schema defaults (not the realm's), so every key whose realm default differs
 * from the schema default is written too: the user keeps exactly these values whichever defaults apply.
 */
export function exportUserSettings(state: RealmState, user: UserRecord): UserSettings | undefined {
  if (same(user.settings, state.userSettingsDefaults)) return undefined;
  const schema = defaults().user;
  const realm = state.userSettingsDefaults as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of inSchemaOrder(user.settings, schema)) {
    if (!same(value, schema[key]) || !same(realm[key], schema[key])) out[key] = structuredClone(value);
  }
  return out as UserSettings;
}
