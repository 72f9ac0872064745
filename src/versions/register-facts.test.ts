/**
 * POST /register against the facts of real servers (src/versions/register-facts.ts): the register keys the
 * version table dates, compared with the published register schema and the API changelog; and at 332, 435
 * and 503 every key the web app's own state schemas require, for an owner and for a member.
 */
import { describe, expect, it } from 'vitest';
import { checkValidatorAt } from '../schema/level-schemas.js';
import { LevelApps } from '../testing/level-client.js';
import { MEMBER, OWNER } from '../testing/accounts.js';
import { FIELDS, type FieldRule } from './fields.js';
import { has, levelOf, NEWEST_FEATURE_LEVEL, type BehaviourName } from './index.js';
import {
  BOT_KEYS_REMOVED_474,
  CHANGELOG_REGISTER_KEYS,
  PUBLISHED_REGISTER_KEYS_489,
  WEB_BOT_KEYS_473,
  WEB_DEFAULTS_KEYS_478,
  WEB_REGISTER_KEYS_332,
  WEB_REGISTER_KEYS_478,
  WEB_SETTINGS_KEYS_332,
  WEB_SUBSCRIPTION_KEYS_478,
  WEB_USER_KEYS_332,
  WEB_USER_KEYS_478,
  WEB_USER_SETTINGS_KEYS_478,
} from './register-fact-keys.js';
import {
  CHANGELOG_503,
  PUBLISHED_REGISTER_489,
  WEB_STATE_332,
  WEB_STATE_478,
  type FactSource,
} from './register-facts.js';

type Body = Record<string, unknown>;
const apps = new LevelApps();
/** Every capability a current client declares, so that no section is held back. */
const CAPABILITIES = {
  notification_settings_null: true,
  linkifier_url_template: true,
  user_settings_object: true,
  archived_channels: true,
  empty_topic_name: true,
  include_deactivated_groups: true,
};
const cache = new Map<string, Promise<Body>>();
/** POST /register with every event type (no event_types) as `email` at `level`. */
const register = (level: number, email = OWNER): Promise<Body> => {
  const key = `${level}:${email}`;
  if (!cache.has(key))
    cache.set(key, apps.call(level, email, 'POST', '/register', { client_capabilities: CAPABILITIES }));
  return cache.get(key)!;
};
const cite = (source: FactSource) => `${source.repo}@${source.commit.slice(0, 10)} ${source.path}`;

/** A key's register rule of the version table, if it has one. */
const ruleOf = (key: string): FieldRule | undefined => FIELDS.register[key];

/**
 * The name a key has at `level` by the version table: its own, an older one, or none (not sent yet or no
 * longer). Keys without a rule are sent at every level.
 */
function nameAt(key: string, level: number): string | undefined {
  const rule = ruleOf(key);
  if (!rule || has(rule.since, level)) return key;
  if (level >= levelOf(rule.since)) return undefined;
  if (rule.oldValue && !rule.oldName) return key;
  if (rule.oldName && (!rule.oldSince || has(rule.oldSince, level))) return rule.oldName;
  return undefined;
}

/** Keys of a source's list that the version table says a server of `level` sends, under that level's names. */
const expectedAt = (keys: readonly string[], level: number): string[] =>
  keys.map((key) => nameAt(key, level)).filter((key): key is string => key !== undefined);

const DATED = { ...PUBLISHED_REGISTER_KEYS_489, ...CHANGELOG_REGISTER_KEYS };

/** Keys whose level a behaviour of the table gives directly (they have no register field rule). */
const KEY_BEHAVIOURS: Readonly<Record<string, BehaviourName>> = {
  svc_feature_level: 'feature_level_reported',
  svc_merge_base: 'merge_base_reported',
  muted_users: 'muted_users',
};
/** The level the version table gives a register key (1 for keys of every level). */
const tableLevel = (key: string): number => {
  const rule = ruleOf(key);
  if (rule) return levelOf(rule.since);
  const behaviour = KEY_BEHAVIOURS[key];
  return behaviour ? levelOf(behaviour) : 1;
};

describe(`register keys by level: the version table against ${cite(PUBLISHED_REGISTER_489)} and ${cite(CHANGELOG_503)}`, () => {
  it.each(Object.entries(DATED).filter(([, level]) => level > 0))(
    'dates %s at the level the published schema or the changelog gives (%i)',
    (key, level) => {
      // Keys without a rule or behaviour of their own must be of level 1 (sent at every level the mock serves).
      expect(tableLevel(key), key).toBe(level);
    },
  );

  it.each(Object.entries(DATED).filter(([, level]) => level > 1))(
    'sends %s from level %i on, and not under that name (or with the older value) below it',
    async (key, level) => {
      expect(await register(level)).toHaveProperty([key]);
      const below = await register(level - 1);
      const rule = ruleOf(key);
      if (rule?.oldValue && !rule.oldName)
        expect(below[key]).toEqual(rule.oldValue((await register(level))[key]));
      else expect(below).not.toHaveProperty([key]);
    },
  );

  it('sends every key of the published schema and of the changelog at the newest level', async () => {
    const body = await register(NEWEST_FEATURE_LEVEL);
    expect(Object.keys(DATED).filter((key) => !(key in body))).toEqual([]);
  });
});

/** The lists of one level: top-level keys and the keys of nested objects, with their sources. */
interface LevelFacts {
  readonly level: number;
  readonly source: string;
  readonly register: readonly string[];
  readonly users: readonly string[];
  readonly settings: readonly string[];
  readonly defaults: readonly string[];
  readonly subscriptions: readonly string[];
  readonly bots: readonly string[];
}

/** The settings keys the version table dates at or before `level` (nested objects use the user_settings rules). */
const settingsAt = (keys: readonly string[], level: number): string[] =>
  keys.filter((key) => {
    const rule = FIELDS.user_settings[key];
    return !rule || has(rule.since, level);
  });
const subscriptionKeysAt = (level: number): string[] =>
  WEB_SUBSCRIPTION_KEYS_478.filter((key) => {
    const rule = FIELDS.subscription[key];
    return !rule || has(rule.since, level);
  });
const botKeysAt = (level: number): string[] =>
  has('bot_user_fields', level)
    ? [...WEB_BOT_KEYS_473]
    : WEB_BOT_KEYS_473.filter((key) => !BOT_KEYS_REMOVED_474.includes(key));

const LEVELS: readonly LevelFacts[] = [
  {
    level: 332,
    source: `${cite(WEB_STATE_332)} (its settings schemas are not stored: the issue's list, and the 12.0 lists less the keys dated after 332)`,
    register: WEB_REGISTER_KEYS_332,
    users: WEB_USER_KEYS_332,
    settings: [...WEB_SETTINGS_KEYS_332, ...settingsAt(WEB_USER_SETTINGS_KEYS_478, 332)],
    defaults: [...WEB_SETTINGS_KEYS_332, ...settingsAt(WEB_DEFAULTS_KEYS_478, 332)],
    subscriptions: subscriptionKeysAt(332),
    bots: botKeysAt(332),
  },
  {
    level: 435,
    source: `${cite(WEB_STATE_478)} less the keys the version table dates after 435`,
    register: expectedAt(WEB_REGISTER_KEYS_478, 435),
    users: WEB_USER_KEYS_478,
    settings: settingsAt(WEB_USER_SETTINGS_KEYS_478, 435),
    defaults: settingsAt(WEB_DEFAULTS_KEYS_478, 435),
    subscriptions: subscriptionKeysAt(435),
    bots: botKeysAt(435),
  },
  {
    level: 503,
    source: `${cite(WEB_STATE_478)}, plus ${cite(PUBLISHED_REGISTER_489)} and ${cite(CHANGELOG_503)}`,
    register: [...WEB_REGISTER_KEYS_478, ...Object.keys(DATED)],
    users: [...WEB_USER_KEYS_478, 'is_deleted'],
    settings: WEB_USER_SETTINGS_KEYS_478,
    defaults: WEB_DEFAULTS_KEYS_478,
    subscriptions: WEB_SUBSCRIPTION_KEYS_478,
    bots: botKeysAt(503),
  },
];

const missing = (object: unknown, keys: readonly string[]): string[] =>
  keys.filter((key) => !(key in (object as Body)));

describe.each(LEVELS)(
  'POST /register at level $level has every key of the web app state schemas',
  (facts) => {
    it.each([
      ['an owner', OWNER],
      ['a member', MEMBER],
    ])(`as %s, by ${facts.source}, with the documented types`, async (_who, email) => {
      const body = await register(facts.level, email);
      expect(missing(body, facts.register), 'register').toEqual([]);
      for (const list of ['realm_users', 'realm_non_active_users', 'cross_realm_bots'] as const) {
        const users = body[list] as Body[];
        expect(users.length, list).toBeGreaterThan(0);
        for (const user of users)
          expect(missing(user, facts.users), `${list} ${String(user.user_id)}`).toEqual([]);
      }
      expect(missing(body.user_settings, facts.settings), 'user_settings').toEqual([]);
      expect(
        missing(body.realm_user_settings_defaults, facts.defaults),
        'realm_user_settings_defaults',
      ).toEqual([]);
      for (const sub of body.subscriptions as Body[])
        expect(missing(sub, facts.subscriptions), `subscription ${String(sub.name)}`).toEqual([]);
      for (const bot of body.realm_bots as Body[])
        expect(Object.keys(bot).sort(), `bot ${String(bot.user_id)}`).toEqual([...facts.bots].sort());
      // The types: the register schema of the level (src/schema/level-schemas.ts) describes each key.
      const validate = checkValidatorAt('endpoints/post-register.json#/$defs/response', facts.level);
      expect(validate(body) ? [] : validate.errors, 'schema').toEqual([]);
    });
  },
);
