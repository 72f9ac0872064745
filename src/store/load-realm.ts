/** Turns a realm fixture into a Store: schema validation, defaults, cross-reference checks, indexes. */
import type { RealmSettings, UserSettings } from '../generated/types.js';
import type { ValidateFunction } from 'ajv';
import { describeErrors, inputValidator } from '../schema/validator.js';
import type { Clock } from './clock.js';
import { refreshSystemGroups } from './groups.js';
import type { Random } from './random.js';
import { loadChannels, loadSubscriptions } from './realm-loader/channels.js';
import { createLoadContext, type MessageSource } from './realm-loader/context.js';
import { loadGroups, resolveRealmGroupSettings } from './realm-loader/groups.js';
import { loadMessages } from './realm-loader/messages.js';
import { quickCheckMessage } from './realm-loader/message-check.js';
import { realmValidators } from './realm-validators-module.js';
import { checkReferences, loadPersonalRecords } from './realm-loader/personal.js';
import { loadUserPreferences } from './realm-loader/user-preferences.js';
import { loadUsers } from './realm-loader/users.js';
import { loadProfileFields } from './realm-loader/profile-fields.js';
import { loadUploads } from './realm-loader/uploads.js';
import type { CompleteRealmFixture } from './realm-fixture.js';
import type { LoadRenders } from './render-cache.js';
import type { RealmState } from './state.js';
import type { UserRows } from './user-rows.js';
import { freezeForSharing, seedState } from './seed-state.js';
import { Store, type IdKind } from './store.js';

export { SUBSCRIPTION_COLORS } from './realm-loader/channels.js';

/** A fixture that cannot be loaded; `problems` name each bad field. */
export class RealmLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid realm fixture:\n  ${problems.join('\n  ')}`);
    this.name = 'RealmLoadError';
  }
}

/** Options the store is created with. */
export interface LoadOptions {
  clock: Clock;
  random: Random;
  featureLevel: number;
  /** How many emitted events the store's journal keeps (default 1,000). */
  journalSize?: number;
}

/** The validator compiled at build time (`npm run gen`) of a realm schema: loading a realm compiles no schema. */
function precompiledValidator(ref: string): unknown {
  const { realm, realmSettings, userSettings } = realmValidators();
  if (ref === 'realm.json') return realm;
  if (ref === 'resources/realm-settings.json') return realmSettings;
  if (ref === 'resources/user-settings.json') return userSettings;
  return undefined;
}

/** The input validator (fills defaults) of a realm schema: the precompiled one when there is one. */
const fixtureValidator = (ref: string): ValidateFunction =>
  (precompiledValidator(ref) as ValidateFunction | undefined) ?? inputValidator(ref);

/** Fills a settings schema's defaults into a copy of `partial`. */
export function withDefaults<T extends object>(schemaRef: string, partial: object | undefined): Required<T> {
  const copy = structuredClone(partial ?? {});
  const validate = fixtureValidator(schemaRef);
  if (!validate(copy)) throw new RealmLoadError(describeErrors(validate.errors, copy));
  return copy as Required<T>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A flat copy of each object of a list (reactions, edit history entries hold only primitives). */
const copyEntries = (list: unknown[]): unknown[] => list.map((item) => (isObject(item) ? { ...item } : item));

/** Message fields holding objects of primitives (copied flat) and lists of ids (sliced). */
const FLAT_LISTS = new Set(['reactions', 'edit_history']);
const ID_LISTS = new Set(['to', 'unread_by', 'starred_by']);

/** A message copied as far as validation (which fills defaults) and the loader (which keeps its arrays) need. */
function copyMessage(message: unknown): unknown {
  if (!isObject(message)) return structuredClone(message);
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(message)) {
    if (typeof value !== 'object' || value === null) copy[key] = value;
    else if (Array.isArray(value) && FLAT_LISTS.has(key)) copy[key] = copyEntries(value);
    else if (Array.isArray(value) && ID_LISTS.has(key)) copy[key] = value.slice();
    else copy[key] = structuredClone(value);
  }
  return copy;
}

/**
 * A copy of the fixture that validation and loading may change, leaving the caller's object as it was. The
 * messages (nearly all of a large fixture) are copied flat instead of cloned: their strings need no copy.
 */
function copyFixture(fixture: unknown): CompleteRealmFixture {
  if (!isObject(fixture) || !Array.isArray(fixture.messages))
    return structuredClone(fixture) as CompleteRealmFixture;
  const { messages, ...rest } = fixture;
  const copy = structuredClone(rest);
  copy.messages = messages.map(copyMessage);
  return copy as unknown as CompleteRealmFixture;
}

/**
 * The schema's problems with a fixture (defaults filled in place). Messages, nearly all of a large fixture, are
 * checked by quickCheckMessage; when every one passes, the schema validator checks the rest without them, and
 * otherwise the whole fixture, so that its problems are named exactly as before.
 */
function validateFixture(data: CompleteRealmFixture): string[] {
  const validate = fixtureValidator('realm.json');
  const messages = isObject(data) ? (data.messages as unknown) : undefined;
  if (Array.isArray(messages) && messages.every(quickCheckMessage)) {
    data.messages = [];
    try {
      if (validate(data)) return [];
    } finally {
      data.messages = messages as CompleteRealmFixture['messages'];
    }
  } else if (validate(data)) return [];
  return describeErrors(validate.errors, data);
}

/**
 * The fixture as loading sees it after validation: a copy, checked against the schema with its defaults filled
 * in. Throws RealmLoadError naming the schema's problems. Given back to {@link PreparedRealm.from} with
 * `validated: true`, it loads as the fixture itself would (the build records the dev realm's this way).
 */
export function validatedFixture(fixture: unknown): CompleteRealmFixture {
  const data = copyFixture(fixture);
  const problems = validateFixture(data);
  if (problems.length) throw new RealmLoadError(problems);
  // The settings as loading completes them: a validated fixture loads without the settings validators.
  data.realm.settings = withDefaults<RealmSettings>('resources/realm-settings.json', data.realm.settings);
  data.realm.user_settings_defaults = withDefaults<UserSettings>(
    'resources/user-settings.json',
    data.realm.user_settings_defaults,
  );
  return data;
}

/** Builds the state of a schema-valid fixture, step by step; each step records what is wrong. */
function buildState(
  data: CompleteRealmFixture,
  options: PrepareOptions,
): { state: RealmState; problems: string[] } {
  const { renders, validated } = options;
  const context = createLoadContext(
    data,
    // A validated fixture's settings are complete already (validatedFixture): a copy is all they need.
    validated
      ? (structuredClone(data.realm.settings) as Required<RealmSettings>)
      : withDefaults<RealmSettings>('resources/realm-settings.json', data.realm.settings),
    validated
      ? (structuredClone(data.realm.user_settings_defaults) as Required<UserSettings>)
      : withDefaults<UserSettings>('resources/user-settings.json', data.realm.user_settings_defaults),
  );
  if (renders) context.renders = renders;
  if (options.rows) context.rows = options.rows;
  if (options.messages) context.messageSource = options.messages;
  loadUsers(context);
  loadGroups(context);
  resolveRealmGroupSettings(context);
  loadChannels(context);
  loadSubscriptions(context);
  loadMessages(context);
  loadPersonalRecords(context);
  loadUserPreferences(context);
  loadProfileFields(context);
  loadUploads(context);
  checkReferences(context);
  return { state: context.state, problems: context.problems };
}

/** Options of {@link PreparedRealm.from}. */
export interface PrepareOptions {
  /**
   * The fixture object is the caller's to give away (e.g. just parsed from a file): validation fills its
   * defaults in place and the loader keeps its arrays, instead of working on a copy (saves a copy of every
   * message: time, memory and garbage collection on large realms).
   */
  owned?: boolean;
  /** Renders to take instead of rendering, e.g. recorded for this realm (see render-cache.ts). */
  renders?: LoadRenders;
  /**
   * The fixture is {@link validatedFixture}'s output (e.g. recorded by the build for a realm file whose bytes
   * are unchanged): the schema check is skipped. The reference checks still run.
   */
  validated?: boolean;
  /**
   * Personal rows recorded from an earlier load of exactly this fixture with this code ({@link
   * PreparedRealm.personalRows}, e.g. read from a realm's prepared form): taken over as they are (the map and its
   * rows become the realm's) instead of built from the messages. Only with `validated`.
   */
  rows?: Map<number, UserRows>;
  /**
   * The fixture's messages, read one at a time in ascending id order from a prepared form, loaded instead of the
   * fixture's own list (then empty). Only with `validated`.
   */
  messages?: MessageSource;
}

/**
 * A validated realm, ready to seed any number of stores. Building one validates and renders the whole
 * fixture; seeding a store from it shares the prepared records copy-on-write and copies only the small rest
 * (milliseconds even for a 100,000-message realm), so tests and resets prepare once and create many apps.
 */
export class PreparedRealm {
  /** Whether the state is frozen for sharing (done by the first createStore). */
  private frozen = false;

  private constructor(
    private readonly state: RealmState,
    private readonly firstIds: Record<IdKind, number>,
  ) {}

  /**
   * Validates a fixture (the object is not modified unless `options.owned`). Throws RealmLoadError naming every bad field at
   * once: the schema's problems and the reference checks' (a user, channel or group that does not exist).
   */
  static from(fixture: unknown, options: PrepareOptions = {}): PreparedRealm {
    const data = options.owned ? (fixture as CompleteRealmFixture) : copyFixture(fixture);
    const schemaProblems = options.validated ? [] : validateFixture(data);
    let built: ReturnType<typeof buildState> | undefined;
    try {
      built = buildState(data, options);
    } catch (error) {
      // Data that breaks the schema can trip the reference checks up; the schema problems say why.
      if (!schemaProblems.length) throw error;
    }
    const problems = [...schemaProblems, ...(built?.problems ?? [])];
    if (!built || problems.length) throw new RealmLoadError(problems);
    const { state } = built;
    // A loop, not Math.max(...ids): a million arguments overflow the call stack.
    const next = (ids: Iterable<number>): number => {
      let max = 0;
      for (const id of ids) if (id > max) max = id;
      return max + 1;
    };
    return new PreparedRealm(state, {
      message: next(state.messages.keys()),
      user: next(state.users.keys()),
      channel: next(state.channels.keys()),
      group: next(state.groups.keys()),
      draft: next(state.drafts.keys()),
      snippet: next(state.savedSnippets.keys()),
      scheduled: next(state.scheduledMessages.keys()),
      invitation: 1,
      linkifier: next(state.linkifiers.map((l) => l.id)),
      playground: next(state.playgrounds.keys()),
      emoji: next(state.realmEmoji.keys()),
      folder: next(state.channelFolders.keys()),
      attachment: next(state.uploads.keys()),
      profile_field: next(state.profileFields.keys()),
      // Fixtures carry no submessages.
      submessage: 1,
      // Client devices are registered at run time only.
      device: 1,
      call: 1,
    });
  }

  /** The realm's personal rows by user id (read only: e.g. to record them in a prepared form of the realm). */
  personalRows(): ReadonlyMap<number, UserRows> {
    return this.state.index.flags;
  }

  /**
   * A new store with its own state: it shares this realm's (frozen) messages, index lists and personal rows
   * until it changes one of them, and copies the rest (see seed-state.ts).
   */
  createStore(options: LoadOptions): Store {
    if (!this.frozen) {
      freezeForSharing(this.state);
      this.frozen = true;
    }
    return this.storeOn(seedState(this.state), options);
  }

  /**
   * Validates a fixture and builds one store on the prepared state itself: nothing else can reach that state,
   * so the copy createStore makes (seconds for a 100,000-message realm) is not needed.
   */
  static loadOnce(fixture: unknown, options: LoadOptions): Store {
    const prepared = PreparedRealm.from(fixture);
    return prepared.storeOn(prepared.state, options);
  }

  private storeOn(state: RealmState, options: LoadOptions): Store {
    const store = new Store(
      state,
      options.clock,
      options.random,
      options.featureLevel,
      { ...this.firstIds },
      options.journalSize,
    );
    refreshSystemGroups(state, store.now());
    return store;
  }
}

/** Validates a fixture (or takes a prepared realm) and builds a Store from it. */
export function loadRealm(fixture: unknown, options: LoadOptions): Store {
  if (fixture instanceof PreparedRealm) return fixture.createStore(options);
  return PreparedRealm.loadOnce(fixture, options);
}
