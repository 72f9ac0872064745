/**
 * The JSON Schemas of one feature level, derived from the newest ones (src/schemas) by the rules of
 * src/versions/fields.ts. The transform, for each object kind at a level:
 * - a field the level did not send yet is removed from `properties` and `required` and forbidden;
 * - a field sent under an older name gets that name (same schema, required if the new one is), except
 *   linkifiers' `url_format_string`, a string;
 * - a group-setting field whose value was a plain group id before the level becomes an integer;
 * - a field that a later level removed (banned by the newest schema) is allowed again at the levels that
 *   sent it (user objects' is_billing_admin from 73 to 362);
 * - register's `realm_default_streams` lists channel objects before level 330;
 * - reactions in message objects carry a `user` object before level 328;
 * - subscriptions carry `email_address` before level 226;
 * - register's legacy `realm_filters` lists [pattern, url_format, id] triples before level 176;
 * - attachments list `messages` ({id, date_sent}) instead of `message_ids` before level 472;
 * - reaction events may carry a `user` object before level 484.
 * Schemas not named in {@link KIND_SCHEMAS} are unchanged; events and endpoints that `$ref` a transformed
 * resource see the transformed shape.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { allSchemas } from '../generated/schemas.js';
import { has, NEWEST_FEATURE_LEVEL } from '../versions/index.js';
import { shapePlan, type ObjectKind } from '../versions/fields.js';
import { checkValidator } from './validator.js';

type Schema = Record<string, unknown>;

/** Where each object kind's schema is: a schema id and a JSON pointer inside it. */
export const KIND_SCHEMAS: Readonly<Record<ObjectKind, readonly [string, string]>> = {
  channel: ['resources/channel.json', ''],
  subscription: ['resources/subscription.json', ''],
  user_group: ['resources/user-group.json', ''],
  linkifier: ['resources/linkifier.json', ''],
  register: ['endpoints/post-register.json', '/$defs/response/allOf/2'],
  user_settings: ['resources/user-settings.json', ''],
  user_group_created: ['endpoints/post-user-groups-create.json', '/$defs/response/allOf/1'],
  subscribed: ['endpoints/post-users-me-subscriptions.json', '/$defs/response/allOf/1'],
  server_settings: ['resources/server-settings.json', ''],
  stream_delete_event: ['events/stream.json', '/$defs/Delete'],
  user: ['resources/user.json', ''],
  bot: ['resources/bot.json', ''],
};

/** The `user` object of reactions in messages before level 328. */
const REACTION_USER: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    full_name: { type: 'string' },
    is_mirror_dummy: { type: 'boolean' },
  },
  required: ['id', 'email', 'full_name', 'is_mirror_dummy'],
  additionalProperties: false,
};

/** The `user` object of reaction events before level 484. */
const REACTION_EVENT_USER: Schema = {
  type: 'object',
  properties: { user_id: { type: 'integer' }, email: { type: 'string' }, full_name: { type: 'string' } },
  required: ['user_id', 'email', 'full_name'],
  additionalProperties: false,
};

/** A legacy [pattern, url_format, id] linkifier triple. */
const LEGACY_FILTER: Schema = {
  type: 'array',
  items: [{ type: 'string' }, { type: 'string' }, { type: 'integer' }],
  minItems: 3,
  maxItems: 3,
};

/** Fields whose older name has a different value schema. */
const OLD_FIELD_SCHEMAS: Readonly<Record<string, Schema>> = {
  url_format_string: { type: 'string' },
  realm_create_stream_policy: { type: 'integer' },
};

/** Fields that a later level removed (the newest schemas no longer list them), at the levels that sent them. */
const RESTORED_FIELD_SCHEMAS: Readonly<Record<string, Schema>> = {
  is_billing_admin: { type: 'boolean' },
  // Bot objects before level 474.
  api_key: { type: 'string', pattern: '^[A-Za-z0-9]{32}$' },
  avatar_url: { type: ['string', 'null'] },
  bot_type: { type: 'integer', enum: [1, 2, 3, 4] },
  email: { type: 'string' },
  full_name: { type: 'string' },
  is_active: { type: 'boolean' },
  owner_id: { type: ['integer', 'null'] },
};

function at(schema: Schema, pointer: string): Schema {
  let node: unknown = schema;
  for (const key of pointer.split('/').slice(1)) node = (node as Record<string, unknown>)[key];
  if (!node || typeof node !== 'object') throw new Error(`no schema at ${pointer}`);
  return node as Schema;
}

function transformKind(object: Schema, kind: ObjectKind, level: number): void {
  const plan = shapePlan(kind, level);
  if (!plan) return;
  const properties = (object.properties ?? {}) as Record<string, Schema>;
  let required = (object.required ?? []) as string[];
  for (const field of plan.toId) if (properties[field]) properties[field] = { type: 'integer', minimum: 0 };
  // The newest schema bans removed fields (an open object); a level that sends them lifts the ban.
  if (plan.restore.some((field) => RESTORED_FIELD_SCHEMAS[field])) delete object.not;
  // Allowed, not required: a conformance run that states an older level may meet a newer server. Fields the
  // newest schema still describes (register's legacy policies) keep their schema.
  for (const field of plan.restore) {
    const schema = RESTORED_FIELD_SCHEMAS[field];
    if (schema) properties[field] = schema;
  }
  const forbidden: string[] = [];
  for (const field of plan.remove) {
    delete properties[field];
    required = required.filter((name) => name !== field);
    forbidden.push(field);
  }
  for (const [field, oldName] of plan.rename) {
    // Same name, older value: the value schemas of the mock's fields allow both forms.
    if (oldName === field) continue;
    const schema = OLD_FIELD_SCHEMAS[oldName] ?? properties[field];
    delete properties[field];
    if (schema) properties[oldName] = schema;
    if (required.includes(field)) required = required.map((name) => (name === field ? oldName : name));
    forbidden.push(field);
  }
  object.properties = properties;
  if (required.length || object.required) object.required = required;
  // additionalProperties:false already refuses removed fields; open objects need an explicit ban.
  if (object.additionalProperties !== false && forbidden.length)
    object.not = { anyOf: forbidden.map((field) => ({ required: [field] })) };
}

/** Every schema of src/schemas in the shape of `level` (deep copies; the originals are untouched). */
export function schemasAtLevel(level: number): Schema[] {
  const copies = structuredClone(allSchemas()) as unknown as Schema[];
  const byId = new Map(copies.map((s) => [String(s.$id), s]));
  for (const [kind, [id, pointer]] of Object.entries(KIND_SCHEMAS) as Array<[ObjectKind, [string, string]]>) {
    const schema = byId.get(id);
    if (schema) transformKind(at(schema, pointer), kind, level);
  }
  if (!has('message_reactions_without_user', level)) {
    const message = byId.get('resources/message.json');
    const reaction = message && at(message, '/$defs/Reaction');
    if (reaction) {
      (reaction.properties as Record<string, Schema>).user = REACTION_USER;
      reaction.required = [...((reaction.required as string[] | undefined) ?? []), 'user'];
    }
  }
  if (!has('subscription_email_address_removed', level)) {
    const subscription = byId.get('resources/subscription.json');
    if (subscription) {
      (subscription.properties as Record<string, Schema>).email_address = { type: 'string' };
      subscription.required = [...(subscription.required as string[]), 'email_address'];
    }
  }
  if (!has('attachment_message_ids', level)) {
    // Before 472 attachments listed {id, date_sent} objects as messages instead of message_ids.
    const attachment = byId.get('resources/attachment.json');
    if (attachment) {
      delete (attachment.properties as Record<string, Schema>).message_ids;
      attachment.required = (attachment.required as string[]).map((f) =>
        f === 'message_ids' ? 'messages' : f,
      );
    }
  } else {
    const attachment = byId.get('resources/attachment.json');
    if (attachment) delete (attachment.properties as Record<string, Schema>).messages;
  }
  if (!has('reaction_event_user_removed', level)) {
    // Reaction events carried a user object before 484 (not from 328 to 338: optional here).
    const event = byId.get('events/reaction.json');
    for (const op of ['Add', 'Remove']) {
      const def = event && (at(event, `/$defs/${op}`).properties as Record<string, Schema>);
      if (def) def.user = REACTION_EVENT_USER;
    }
  }
  const register = byId.get(KIND_SCHEMAS.register[0]);
  const properties =
    register && (at(register, KIND_SCHEMAS.register[1]).properties as Record<string, Schema>);
  if (!has('field_linkifier_url_template', level) && properties?.realm_filters)
    properties.realm_filters = { type: 'array', items: LEGACY_FILTER };
  if (!has('default_streams_as_ids', level)) {
    if (properties?.realm_default_streams)
      properties.realm_default_streams = { type: 'array', items: { $ref: '../resources/channel.json' } };
  }
  return copies;
}

/** Levels whose schemas are the same share one validator set: the key is what the transform changes. */
function levelKey(level: number): string {
  const known = keyByLevel.get(level);
  if (known !== undefined) return known;
  const parts = (Object.keys(KIND_SCHEMAS) as ObjectKind[]).map((kind) =>
    JSON.stringify(shapePlan(kind, level) ?? null),
  );
  parts.push(
    String(has('default_streams_as_ids', level)),
    String(has('message_reactions_without_user', level)),
    String(has('subscription_email_address_removed', level)),
    String(has('field_linkifier_url_template', level)),
    String(has('attachment_message_ids', level)),
    String(has('reaction_event_user_removed', level)),
  );
  const key = parts.join('|');
  keyByLevel.set(level, key);
  return key;
}

const ajvByKey = new Map<string, Ajv>();
const keyByLevel = new Map<number, string>();

/**
 * A checking validator (no defaults filled in) for a schema reference at a feature level; at the newest
 * level the schemas are the files' own.
 * @example checkValidatorAt('endpoints/get-streams.json#/$defs/response', 218)(body)
 */
export function checkValidatorAt(ref: string, level: number = NEWEST_FEATURE_LEVEL): ValidateFunction {
  const key = levelKey(level);
  // Levels whose shapes are the newest use the files' own schemas (and their compiled validators).
  if (key === levelKey(NEWEST_FEATURE_LEVEL)) return checkValidator(ref);
  let ajv = ajvByKey.get(key);
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true, useDefaults: false, schemas: schemasAtLevel(level) });
    ajvByKey.set(key, ajv);
  }
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`unknown schema ${ref}`);
  return validate;
}
