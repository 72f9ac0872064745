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
  try {
    const terms = parseNarrow(value, store.featureLevel);
    return compileNarrow(store.state, viewer, terms, { featureLevel: store.featureLevel, allowHistory });
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
