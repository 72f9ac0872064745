/**
 * A quick check of fixture messages against the FixtureMessage schema (src/schemas/realm.json), for the common
 * case of a valid realm: it accepts only messages the schema accepts (never more: anything it is unsure of, such
 * as a topic longer than 60 UTF-16 units, is refused and left to the schema validator), and fills the same
 * defaults. A realm whose messages all pass is validated without its messages; any other goes through the
 * schema validator whole, so the problems reported stay the validator's own. realm-check.test.ts pins the
 * schema definitions this mirrors.
 */

/** Shared, frozen default lists (the loader only reads them; stores copy a record's lists before changing them). */
const EMPTY: unknown[] = Object.freeze([]) as unknown as unknown[];

const REACTION_TYPES = new Set(['unicode_emoji', 'realm_emoji', 'svc_extra_emoji']);

const isInteger = (value: unknown): boolean => Number.isInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';

const isIntegerList = (value: unknown): boolean => {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!Number.isInteger(value[i])) return false;
  return true;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A FixtureReaction: exactly its four keys, typed. */
function isReaction(value: unknown): boolean {
  if (!isObject(value)) return false;
  let keys = 0;
  for (const _ in value) keys++;
  return (
    keys === 4 &&
    isInteger(value.user_id) &&
    isString(value.emoji_name) &&
    isString(value.emoji_code) &&
    REACTION_TYPES.has(value.reaction_type as string)
  );
}

/** An EditHistoryEntry: user_id (integer or null) and timestamp, and only its optional keys besides. */
function isEdit(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (!(value.user_id === null || isInteger(value.user_id)) || !isInteger(value.timestamp)) return false;
  for (const key in value) {
    const item = value[key];
    switch (key) {
      case 'user_id':
      case 'timestamp':
        break;
      case 'prev_content':
      case 'prev_rendered_content':
      case 'prev_topic':
      case 'topic':
        if (!isString(item)) return false;
        break;
      case 'prev_stream':
      case 'stream':
        if (!isInteger(item)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** Whether every item of the list passes `check`. */
function every(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
  return true;
}

/**
 * Whether the message surely passes the schema; when it does, fills the schema's defaults (client, reactions,
 * unread_by, starred_by) as the validator would, with one shared empty list for the lists.
 */
export function quickCheckMessage(value: unknown): boolean {
  if (!isObject(value)) return false;
  const { id, content } = value;
  if (!isInteger(id) || (id as number) < 1) return false;
  if (!isInteger(value.sender_id) || !isInteger(value.timestamp)) return false;
  if (!isString(content) || content.length === 0) return false;
  for (const key in value) {
    const item = value[key];
    switch (key) {
      case 'id':
      case 'sender_id':
      case 'content':
      case 'timestamp':
        break;
      case 'stream_id':
      case 'last_edit_timestamp':
      case 'last_moved_timestamp':
        if (!isInteger(item)) return false;
        break;
      case 'topic':
        // maxLength counts code points; 60 UTF-16 units or fewer are surely within it.
        if (!isString(item) || item.length > 60) return false;
        break;
      case 'client':
        if (!isString(item)) return false;
        break;
      case 'to':
      case 'unread_by':
      case 'starred_by':
        if (!isIntegerList(item)) return false;
        break;
      case 'reactions':
        if (!every(item, isReaction)) return false;
        break;
      case 'edit_history':
        if (!every(item, isEdit)) return false;
        break;
      default:
        return false;
    }
  }
  if (value.client === undefined) value.client = 'website';
  if (value.reactions === undefined) value.reactions = EMPTY;
  if (value.unread_by === undefined) value.unread_by = EMPTY;
  if (value.starred_by === undefined) value.starred_by = EMPTY;
  return true;
}
