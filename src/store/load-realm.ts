/** Turns a realm fixture into a Store: schema validation, defaults, cross-reference checks, indexes. */
import type { RealmSettings, UserSettings } from '../generated/types.js';
import { describeErrors, inputValidator } from '../schema/validator.js';
import type { Clock } from './clock.js';
import { refreshSystemGroups } from './groups.js';
import type { Random } from './random.js';
import { loadChannels, loadSubscriptions } from './realm-loader/channels.js';
import { createLoadContext } from './realm-loader/context.js';
import { loadGroups, resolveRealmGroupSettings } from './realm-loader/groups.js';
import { loadMessages } from './realm-loader/messages.js';
import { checkReferences, loadPersonalRecords } from './realm-loader/personal.js';
import { loadUsers } from './realm-loader/users.js';
import type { CompleteRealmFixture } from './realm-fixture.js';
import type { RealmState } from './state.js';
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
}

/** Fills a settings schema's defaults into a copy of `partial`. */
export function withDefaults<T extends object>(schemaRef: string, partial: object | undefined): Required<T> {
  const copy = structuredClone(partial ?? {});
  const validate = inputValidator(schemaRef);
  if (!validate(copy)) throw new RealmLoadError(describeErrors(validate.errors, copy));
  return copy as Required<T>;
}

/** Builds the state of a schema-valid fixture, step by step; each step records what is wrong. */
function buildState(data: CompleteRealmFixture): { state: RealmState; problems: string[] } {
  const context = createLoadContext(
    data,
    withDefaults<RealmSettings>('resources/realm-settings.json', data.realm.settings),
    withDefaults<UserSettings>('resources/user-settings.json', data.realm.user_settings_defaults),
  );
  loadUsers(context);
  loadGroups(context);
  resolveRealmGroupSettings(context);
  loadChannels(context);
  loadSubscriptions(context);
  loadMessages(context);
  loadPersonalRecords(context);
  checkReferences(context);
  return { state: context.state, problems: context.problems };
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
   * Validates a fixture (the object is not modified). Throws RealmLoadError naming every bad field at
   * once: the schema's problems and the reference checks' (a user, channel or group that does not exist).
   */
  static from(fixture: unknown): PreparedRealm {
    const data = structuredClone(fixture) as CompleteRealmFixture;
    const validate = inputValidator('realm.json');
    const schemaProblems = validate(data) ? [] : describeErrors(validate.errors, data);
    let built: ReturnType<typeof buildState> | undefined;
    try {
      built = buildState(data);
    } catch (error) {
      // Data that breaks the schema can trip the reference checks up; the schema problems say why.
      if (!schemaProblems.length) throw error;
    }
    const problems = [...schemaProblems, ...(built?.problems ?? [])];
    if (!built || problems.length) throw new RealmLoadError(problems);
    const { state } = built;
    const next = (ids: Iterable<number>): number => Math.max(0, ...ids) + 1;
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
    });
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
    const store = new Store(state, options.clock, options.random, options.featureLevel, { ...this.firstIds });
    refreshSystemGroups(state, store.now());
    return store;
  }
}

/** Validates a fixture (or takes a prepared realm) and builds a Store from it. */
export function loadRealm(fixture: unknown, options: LoadOptions): Store {
  if (fixture instanceof PreparedRealm) return fixture.createStore(options);
  return PreparedRealm.loadOnce(fixture, options);
}
