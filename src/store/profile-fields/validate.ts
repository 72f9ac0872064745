/** Checking a custom profile field value the way the server does, per field type. */
import type { ProfileFieldRecord, RealmState } from '../state.js';

/** Why a value was refused (the API layer turns each into the server's message). */
export type ProfileValueRefusal =
  | { kind: 'too_long'; limit: number }
  | { kind: 'not_a_date' }
  | { kind: 'not_a_url' }
  | { kind: 'bad_choice'; value: string }
  | { kind: 'not_a_list' }
  | { kind: 'invalid_user'; id: unknown }
  | { kind: 'not_a_string' };

const SHORT_LIMIT = 50;
const LONG_LIMIT = 500;

function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function selectKeys(field: ProfileFieldRecord): Set<string> {
  try {
    const data = JSON.parse(field.field_data) as unknown;
    return new Set(data && typeof data === 'object' ? Object.keys(data) : []);
  } catch {
    return new Set();
  }
}

/**
 * The value to store for `raw` (null: clear it; an empty string, null or empty list clears, as on the
 * server), or why it is refused.
 */
export function checkProfileValue(
  state: RealmState,
  field: ProfileFieldRecord,
  raw: unknown,
): { value: string | null } | { refusal: ProfileValueRefusal } {
  if (raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) return { value: null };
  if (field.type === 6) {
    if (!Array.isArray(raw)) return { refusal: { kind: 'not_a_list' } };
    for (const id of raw) {
      const user = typeof id === 'number' ? state.users.get(id) : undefined;
      if (!user || !user.is_active || user.is_system_bot) return { refusal: { kind: 'invalid_user', id } };
    }
    return { value: JSON.stringify([...new Set(raw as number[])]) };
  }
  if (typeof raw !== 'string') return { refusal: { kind: 'not_a_string' } };
  switch (field.type) {
    case 2:
      return [...raw].length > LONG_LIMIT
        ? { refusal: { kind: 'too_long', limit: LONG_LIMIT } }
        : { value: raw };
    case 3:
      return selectKeys(field).has(raw) ? { value: raw } : { refusal: { kind: 'bad_choice', value: raw } };
    case 4:
      return isDate(raw) ? { value: raw } : { refusal: { kind: 'not_a_date' } };
    case 5:
      return isUrl(raw) ? { value: raw } : { refusal: { kind: 'not_a_url' } };
    default:
      return [...raw].length > SHORT_LIMIT
        ? { refusal: { kind: 'too_long', limit: SHORT_LIMIT } }
        : { value: raw };
  }
}
