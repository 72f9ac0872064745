/** The narrow parameter as the API reports its problems: parse and compile, mapping NarrowError to ApiError. */
import { compileNarrow, type CompiledNarrow } from '../../store/narrow/resolve.js';
import { NarrowError, parseNarrow } from '../../store/narrow/parse.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';
import type { ApiRequest } from '../route.js';

/** A parameter's text exactly as the client sent it (query string or form body), for errors that echo it. */
export function rawParam(request: ApiRequest, name: string): string | undefined {
  const fromQuery = new URLSearchParams(request.query).get(name);
  if (fromQuery !== null) return fromQuery;
  if (request.method === 'GET' || request.body === null) return undefined;
  if (!(request.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) return undefined;
  const text = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
  return new URLSearchParams(text).get(name) ?? undefined;
}

/**
 * A compiled narrow and what it was compiled for: the viewer, the realm state (the same object, unchanged
 * since: every change counts in `store.changes`) and the history rule. The level is the store's own.
 */
interface Compiled {
  viewer: UserRecord;
  state: object;
  changes: number;
  allowHistory: boolean;
  narrow: CompiledNarrow;
}

// Keyed by the decoded value itself: an entry lives as long as the shared decoding that holds the value.
const compiled = new WeakMap<object, Compiled>();

/**
 * Parses and compiles a decoded `narrow` parameter for the viewer, or throws the API's error. `raw` is the
 * parameter as sent (or the request to read it from, only when needed): a structural error echoes it
 * (re-encoding the decoded value would change its spacing).
 */
export function narrowFromParam(
  store: Store,
  viewer: UserRecord,
  value: unknown,
  allowHistory = true,
  raw?: string | ApiRequest,
): CompiledNarrow {
  // A value that is not JSON arrives as a string: a structural error like any non-list.
  if (typeof value === 'string') throw errors.invalidVariable('narrow', value);
  // A frozen value is a shared decoding of a repeated query (SharedParams): its compilation is kept with it.
  const shared = value !== null && typeof value === 'object' && Object.isFrozen(value);
  if (shared) {
    const kept = compiled.get(value);
    if (
      kept &&
      kept.viewer === viewer &&
      kept.state === store.state &&
      kept.changes === store.changes &&
      kept.allowHistory === allowHistory
    )
      return kept.narrow;
  }
  try {
    const terms = parseNarrow(value, store.featureLevel);
    const options = { featureLevel: store.featureLevel, allowHistory };
    const narrow = compileNarrow(store.state, viewer, terms, options);
    if (shared) {
      const { state, changes } = store;
      compiled.set(value, { viewer, state, changes, allowHistory, narrow });
    }
    return narrow;
  } catch (error) {
    if (!(error instanceof NarrowError)) throw error;
    if (error.kind === 'structure') {
      const sent = typeof raw === 'object' ? rawParam(raw, 'narrow') : raw;
      throw errors.invalidVariable('narrow', sent ?? JSON.stringify(value));
    }
    if (error.kind === 'value') throw errors.badRequest(error.message);
    throw errors.badNarrow(error.message);
  }
}
