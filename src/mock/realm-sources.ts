/**
 * The sources new realms start from, each prepared once and then shared copy-on-write by every realm made from
 * it: the default realm's own source, named fixtures, generator specs and snapshots. Browser-safe (files are
 * read by the `loadRealmSource` hook the node server gives).
 */
import { errors } from '../api/errors/index.js';
import { PreparedRealm, RealmLoadError } from '../store/load-realm.js';
import type { MockOptions } from './create-mock.js';

/**
 * What a realm starts from: a name (`'dev'`, a fixture name, a file path on the node server), a generator
 * spec (`{ generate: 'users=50,messages=1000,seed=1' }` or its options object), a snapshot (a realm fixture
 * object, as GET /svc-mock/snapshot answers) or a PreparedRealm.
 */
export type RealmSource = string | { generate: string | Record<string, unknown> } | object;

/** A resolved source: the prepared realm and how listings name it. */
export interface ResolvedSource {
  prepared: PreparedRealm;
  label: string;
}

/** The name a realm made without a source starts from. */
export const DEFAULT_SOURCE = 'dev';

const isGenerator = (source: object): source is { generate: string | Record<string, unknown> } =>
  'generate' in source && Object.keys(source).length === 1;

/** Prepares a fixture object, answering a bad one with the error envelope's 400. */
function prepare(fixture: unknown): PreparedRealm {
  if (fixture instanceof PreparedRealm) return fixture;
  try {
    return PreparedRealm.from(fixture);
  } catch (error) {
    if (error instanceof RealmLoadError) throw errors.invalidRealmSource(error.message);
    throw error;
  }
}

/** The sources of one mock's realms, each loaded and prepared once (by name or normalised spec). */
export class RealmSources {
  readonly #prepared = new Map<string, Promise<PreparedRealm>>();

  constructor(
    private readonly initial: PreparedRealm,
    private readonly options: Pick<MockOptions, 'realmSources' | 'loadRealmSource'>,
  ) {}

  /** The prepared realm of a source; throws an ApiError (400) for an unknown or invalid one. */
  async resolve(source: RealmSource | undefined): Promise<ResolvedSource> {
    if (source === undefined || source === null) return this.#named(DEFAULT_SOURCE, true);
    if (typeof source === 'string') return this.#named(source, false);
    if (source instanceof PreparedRealm) return { prepared: source, label: 'prepared' };
    if (typeof source !== 'object' || Array.isArray(source))
      throw errors.invalidRealmSource('expected a name, {"generate": SPEC} or a snapshot object');
    if (isGenerator(source)) return this.#generated(source.generate);
    return { prepared: prepare(source), label: 'snapshot' };
  }

  /**
   * A named source: `realmSources`, then the `loadRealmSource` hook; without either knowing the default name,
   * the default realm's own source.
   */
  async #named(name: string, isDefault: boolean): Promise<ResolvedSource> {
    let pending = this.#prepared.get(name);
    if (!pending) {
      const named = this.options.realmSources?.[name];
      const loaded = named ?? (await this.options.loadRealmSource?.(name));
      if (loaded === undefined) {
        if (isDefault) return { prepared: this.initial, label: name };
        throw errors.unknownRealmSource(name, Object.keys(this.options.realmSources ?? {}));
      }
      pending = Promise.resolve(loaded).then(prepare);
      this.#prepared.set(name, pending);
      // A source that failed is tried again next time (the file may have been fixed).
      pending.catch(() => this.#prepared.delete(name));
    }
    return { prepared: await pending, label: name };
  }

  async #generated(spec: string | Record<string, unknown>): Promise<ResolvedSource> {
    // The generator (and faker) loads only when a realm is generated.
    const { generateRealm, parseGenerateSpec, GenerateOptionsError } =
      await import('../fixtures/generate/index.js');
    let options: Record<string, unknown>;
    try {
      options = typeof spec === 'string' ? { ...parseGenerateSpec(spec) } : { ...spec };
    } catch (error) {
      if (error instanceof GenerateOptionsError) throw errors.invalidRealmSource(error.message);
      throw error;
    }
    const key = `generate:${JSON.stringify(options, Object.keys(options).sort())}`;
    let pending = this.#prepared.get(key);
    if (!pending) {
      pending = Promise.resolve().then(() => {
        try {
          return prepare(generateRealm(options));
        } catch (error) {
          if (error instanceof GenerateOptionsError) throw errors.invalidRealmSource(error.message);
          throw error;
        }
      });
      this.#prepared.set(key, pending);
      pending.catch(() => this.#prepared.delete(key));
    }
    return { prepared: await pending, label: key };
  }
}
