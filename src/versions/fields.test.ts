import { describe, expect, it } from 'vitest';
import { LevelApps } from '../testing/level-client.js';
import {
  FIELDS,
  ID_SETTINGS,
  enabledFlags,
  mibAsBytes,
  minusOneAsNull,
  nullAsZero,
  sends,
  shapePlan,
  trimFields,
  trimmed,
  urlFormatString,
  type FieldRule,
  type ObjectKind,
} from './fields.js';
import { BEHAVIOURS, NEWEST_FEATURE_LEVEL, has, levelOf, type Behaviour } from './index.js';

const IAGO = 'iago@svc.test';
const apps = new LevelApps();
const call = (level: number, method: string, path: string, params: Record<string, unknown> = {}) =>
  apps.call(level, IAGO, method, path, params);
const appAt = (level: number) => apps.at(level);

let serial = 0;
/** A rule that keeps the name and converts the value below its level. */
const inPlace = (rule: FieldRule): boolean => rule.oldName === undefined && rule.oldValue !== undefined;
const CAPABILITIES = { notification_settings_null: true, linkifier_url_template: true };

/** How to get a real object of each kind from the mock at a level. */
const PROBES: Record<ObjectKind, (level: number) => Promise<Record<string, unknown>>> = {
  channel: async (level) =>
    ((await call(level, 'GET', '/streams')).streams as Array<Record<string, unknown>>)[0]!,
  subscription: async (level) =>
    (
      (await call(level, 'GET', '/users/me/subscriptions')).subscriptions as Array<Record<string, unknown>>
    )[0]!,
  user_group: async (level) =>
    ((await call(level, 'GET', '/user_groups')).user_groups as Array<Record<string, unknown>>).find(
      (g) => g.is_system_group === false,
    )!,
  linkifier: async (level) =>
    ((await call(level, 'GET', '/realm/linkifiers')).linkifiers as Array<Record<string, unknown>>)[0]!,
  register: (level) => {
    // A quota, so that its unit (MiB, bytes before level 251) shows in the value; no time limits and
    // unlimited retention, whose encodings changed at levels 100, 138 and 22.
    Object.assign(appAt(level).store.state.settings as unknown as Record<string, unknown>, {
      upload_quota_mib: 5,
      message_content_edit_limit_seconds: null,
      message_content_delete_limit_seconds: null,
      message_retention_days: -1,
    });
    return call(level, 'POST', '/register', { client_capabilities: CAPABILITIES });
  },
  // The user_settings object from level 89, the flat register keys before it.
  user_settings: async (level) => {
    const body = await call(level, 'POST', '/register', { client_capabilities: CAPABILITIES });
    return (body.user_settings as Record<string, unknown> | undefined) ?? body;
  },
  user: async (level) => {
    const id = appAt(level).store.state.usersByEmail.get(IAGO)!.user_id;
    return (await call(level, 'GET', `/users/${id}`)).user as Record<string, unknown>;
  },
  user_group_created: (level) =>
    call(level, 'POST', '/user_groups/create', {
      name: `probe ${++serial}`,
      description: 'probe',
      members: [appAt(level).store.state.usersByEmail.get(IAGO)!.user_id],
    }),
  server_settings: (level) => call(level, 'GET', '/server_settings'),
  stream_delete_event: async (level) => {
    const queue = await call(level, 'POST', '/register', { event_types: ['stream'] });
    const name = `probe ${++serial}`;
    await call(level, 'POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
    const channel = appAt(level).store.state.channelsByName.get(name)!;
    await call(level, 'DELETE', `/streams/${channel.stream_id}`);
    const params = { queue_id: queue.queue_id, last_event_id: -1, dont_block: true };
    const events = (await call(level, 'GET', '/events', params)).events as Array<Record<string, unknown>>;
    return events.find((e) => e.type === 'stream' && e.op === 'delete')!;
  },
  bot: async (level) =>
    (
      (await call(level, 'POST', '/register', { fetch_event_types: ['realm_bot'] })).realm_bots as Array<
        Record<string, unknown>
      >
    )[0]!,
  subscribed: (level) =>
    call(level, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: `probe ${++serial}` }],
      send_new_subscription_messages: true,
    }),
};

/** Fields the mock sends only in situations the probes do not create (checked on the trim function). */
const CONDITIONAL = new Set(['subscription.partial_subscribers']);

const entries = (Object.keys(FIELDS) as ObjectKind[]).flatMap((kind) =>
  Object.entries(FIELDS[kind]).map(([field, rule]) => ({ kind, field, rule, level: levelOf(rule.since) })),
);
/** The level that removed a field again (undefined: still sent at the newest level). */
const untilOf = (rule: FieldRule): number | undefined => (BEHAVIOURS[rule.since] as Behaviour).until;

describe('the fields table', () => {
  it('every probe at the newest level carries every field of its kind', async () => {
    for (const kind of Object.keys(FIELDS) as ObjectKind[]) {
      const object = await PROBES[kind](NEWEST_FEATURE_LEVEL);
      const missing = Object.entries(FIELDS[kind]).filter(
        ([field, rule]) =>
          !(field in object) && !CONDITIONAL.has(`${kind}.${field}`) && untilOf(rule) === undefined,
      );
      expect(missing, kind).toEqual([]);
      // Fields a later level removed again are absent from the newest shape.
      for (const [field, rule] of Object.entries(FIELDS[kind]))
        if (untilOf(rule) !== undefined) expect(object, `${kind}.${field}`).not.toHaveProperty([field]);
    }
  });

  // Fields of every level (0) have no level below them to compare with.
  it.each(
    entries
      .filter((e) => !CONDITIONAL.has(`${e.kind}.${e.field}`) && e.level > 0)
      .map((e) => [`${e.kind}.${e.field}`, e]),
  )(
    '%s is sent from its level on and not (or in its older form) at the level below',
    async (_name, entry) => {
      const { kind, field, rule, level } = entry;
      const at = await PROBES[kind](level);
      const below = await PROBES[kind](level - 1);
      expect(at).toHaveProperty([field]);
      if (inPlace(rule)) {
        // Same name, older value: the level below sends the converted value, and it differs.
        expect(below[field]).toEqual(rule.oldValue!(at[field]));
        expect(below[field]).not.toEqual(at[field]);
        return;
      }
      expect(below).not.toHaveProperty([field]);
      const oldSent = rule.oldName && (!rule.oldSince || level - 1 >= levelOf(rule.oldSince));
      if (oldSent) expect(below).toHaveProperty([rule.oldName!]);
      else if (rule.oldName) expect(below).not.toHaveProperty([rule.oldName]);
      if (rule.oldSince) {
        // The older name has its own first level: sent there, and neither name below it.
        const oldLevel = levelOf(rule.oldSince);
        expect(await PROBES[kind](oldLevel)).toHaveProperty([rule.oldName!]);
        const before = await PROBES[kind](oldLevel - 1);
        expect(before).not.toHaveProperty([rule.oldName!]);
        expect(before).not.toHaveProperty([field]);
      }
    },
  );

  it.each(entries.map((e) => [`${e.kind}.${e.field}`, e]))(
    'trimFields keeps %s at its level and takes it away below',
    (_name, { kind, field, rule, level }) => {
      const sample = (): Record<string, unknown> => ({ [field]: 'https://x.test/{id}' });
      expect(trimFields(kind, sample(), level)).toEqual(sample());
      const below = trimFields(kind, sample(), level - 1);
      if (inPlace(rule)) {
        expect(below).toEqual({ [field]: rule.oldValue!('https://x.test/{id}') });
        return;
      }
      expect(below).not.toHaveProperty([field]);
      if (rule.oldName && (!rule.oldSince || level - 1 >= levelOf(rule.oldSince)))
        expect(below[rule.oldName]).toBe((rule.oldValue ?? ((v: unknown) => v))('https://x.test/{id}'));
      if (rule.oldSince) expect(trimFields(kind, sample(), levelOf(rule.oldSince) - 1)).toEqual({});
    },
  );

  it.each(
    entries.filter((e) => untilOf(e.rule) !== undefined).map((e) => [`${e.kind}.${e.field}`, e] as const),
  )('%s is sent up to the level that removed it, and not from that level on', async (_name, entry) => {
    const until = untilOf(entry.rule)!;
    expect(has(entry.rule.since, until - 1)).toBe(true);
    expect(await PROBES[entry.kind](until - 1)).toHaveProperty([entry.field]);
    expect(await PROBES[entry.kind](until)).not.toHaveProperty([entry.field]);
    expect(shapePlan(entry.kind, until - 1)?.restore).toContain(entry.field);
    expect(shapePlan(entry.kind, until)?.restore ?? []).not.toContain(entry.field);
  });

  it.each(
    entries
      .filter((e) => e.rule.firstName && e.rule.oldSince)
      .map((e) => [`${e.kind}.${e.field}`, e] as const),
  )('%s has its first name below the level of its older form, and the older form from it', async (_n, e) => {
    const oldLevel = levelOf(e.rule.oldSince!);
    const at = await PROBES[e.kind](oldLevel);
    const below = await PROBES[e.kind](oldLevel - 1);
    const newest = await PROBES[e.kind](NEWEST_FEATURE_LEVEL);
    const older = e.rule.oldName ?? e.field;
    expect(at[older]).toEqual(e.rule.oldValue ? e.rule.oldValue(newest[e.field]) : newest[e.field]);
    expect(at).not.toHaveProperty([e.rule.firstName!]);
    expect(below[e.rule.firstName!]).toEqual(at[older]);
    expect(below).not.toHaveProperty([older]);
  });

  it('encodes no limit as 0 and unlimited retention as null for the levels before null and -1', () => {
    expect(nullAsZero(null)).toBe(0);
    expect(nullAsZero(600)).toBe(600);
    expect(minusOneAsNull(-1)).toBeNull();
    expect(minusOneAsNull(30)).toBe(30);
  });

  it.each(entries.map((e) => [`${e.kind}.${e.field}`, e]))(
    'trimmed builds the same object as trimFields for %s at its level and below, keys in order, and sends() agrees',
    (_name, { kind, field, level }) => {
      const sample = (): Record<string, unknown> => ({ first: 1, [field]: 'https://x.test/{id}', last: 2 });
      for (const at of [level, level - 1]) {
        const input = sample();
        const built = trimmed(kind, input, at);
        const expected = trimFields(kind, sample(), at);
        expect(built).toEqual(expected);
        // Same keys; unlike trimFields, a renamed key keeps its place.
        expect(Object.keys(built).sort()).toEqual(Object.keys(expected).sort());
        expect([Object.keys(built)[0], Object.keys(built).at(-1)]).toEqual(['first', 'last']);
        expect(input).toEqual(sample());
        expect(sends(kind, field, at)).toBe(Object.keys(expected).length === 3);
      }
    },
  );

  it('turns group-setting objects into group ids below the level of anonymous groups', () => {
    for (const [kind, rules] of Object.entries(ID_SETTINGS) as Array<
      [ObjectKind, typeof ID_SETTINGS.channel]
    >) {
      for (const { field, objectsSince } of rules ?? []) {
        const level = levelOf(objectsSince);
        const value = { direct_members: [], direct_subgroups: [7] };
        expect(trimFields(kind, { [field]: { ...value } }, level)).toEqual({ [field]: value });
        expect(trimFields(kind, { [field]: { ...value } }, level - 1)).toEqual({ [field]: 7 });
      }
    }
  });

  it('leaves objects alone at the newest level and plans nothing there', () => {
    for (const kind of Object.keys(FIELDS) as ObjectKind[]) {
      expect(shapePlan(kind, NEWEST_FEATURE_LEVEL)).toBeUndefined();
      const object = Object.fromEntries(Object.keys(FIELDS[kind]).map((f) => [f, 1]));
      expect(trimFields(kind, { ...object }, NEWEST_FEATURE_LEVEL)).toEqual(object);
    }
  });

  it('converts authentication methods to booleans and MiB to bytes for the levels before those shapes', () => {
    expect(enabledFlags({ Email: { enabled: true, available: true }, Dev: { enabled: false } })).toEqual({
      Email: true,
      Dev: false,
    });
    expect(mibAsBytes(2)).toBe(2097152);
    expect(mibAsBytes(null)).toBeNull();
  });

  it('writes URL templates as %(name)s format strings for levels before url_template', () => {
    expect(urlFormatString('https://x.test/{org}/issues/{id}')).toBe('https://x.test/%(org)s/issues/%(id)s');
    expect(urlFormatString('https://x.test/100%/{+path}{?q,r}')).toBe('https://x.test/100%%/%(path)s%(q)s');
  });
});
