/** The organization-settings change path (PATCH /realm): stores each changed setting and sends its realm event. */
import type { GroupSettingValue } from '../../generated/types.js';
import { trimmed } from '../../versions/fields.js';
import { roleGroupResolver } from '../closest-role-group.js';
import type { RealmSettings } from '../../generated/types.js';
import type { Store } from '../store.js';
import { formatGroupSetting } from '../user-groups/format.js';
import { normalizeGroupSetting, sameGroupSetting } from '../user-groups/settings.js';

/** What PATCH /realm may change: the realm's name and description, and its settings (values already checked). */
export type RealmChanges = Partial<{ name: string; description: string } & RealmSettings>;

/** Whether a setting is a group setting (its value a group id or an anonymous group). */
export const isGroupSetting = (name: string): boolean =>
  name.endsWith('_group') || name === 'can_create_groups' || name === 'can_manage_all_groups';

/**
 * Settings whose realm events are op update_dict with property default and data {setting: value}, as the
 * server sends them: group settings and the message-editing switch; every other setting is op update.
 */
const isDictSetting = (name: string): boolean => isGroupSetting(name) || name === 'allow_message_editing';

const same = (name: string, a: unknown, b: unknown): boolean =>
  isGroupSetting(name) ? sameGroupSetting(a as GroupSettingValue, b as GroupSettingValue) : a === b;

/** The setting as register shows it at the store's level (a renamed key, a group id below group objects). */
function wireSetting(store: Store, name: string, value: unknown): [string, unknown] | undefined {
  const shown = isGroupSetting(name) ? formatGroupSetting(value as GroupSettingValue) : value;
  const key = `realm_${name}`;
  const at = trimmed('register', { [key]: shown }, store.featureLevel, roleGroupResolver(store.state));
  const [wire] = Object.entries(at);
  return wire && [wire[0].slice('realm_'.length), wire[1]];
}

/** Applies the changes that differ from the stored values, one realm event each; returns the changed names. */
export function changeRealmSettings(store: Store, changes: RealmChanges): string[] {
  const { state } = store;
  const settings = state.settings as Record<string, unknown>;
  const changed: string[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const isInfo = name === 'name' || name === 'description';
    const current = isInfo ? state.realm[name] : settings[name];
    if (same(name, current, value)) continue;
    // A setting this level's register does not show did not exist on a server of that level: left alone.
    const wire = wireSetting(store, name, value);
    if (!wire) continue;
    if (isInfo) state.realm[name] = value as string;
    else settings[name] = isGroupSetting(name) ? normalizeGroupSetting(value as GroupSettingValue) : value;
    changed.push(name);
    const [property, shown] = wire;
    store.emit(
      store.activeUserIds(),
      isDictSetting(name)
        ? { type: 'realm', op: 'update_dict', property: 'default', data: { [property]: shown } }
        : { type: 'realm', op: 'update', property, value: shown },
    );
  }
  return changed;
}
