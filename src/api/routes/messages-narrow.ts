/** The narrow parameter as the API reports its problems: parse and compile, mapping NarrowError to ApiError. */
import { compileNarrow, type CompiledNarrow } from '../../store/narrow/resolve.js';
import { NarrowError, parseNarrow } from '../../store/narrow/parse.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';

/** Parses and compiles a decoded `narrow` parameter for the viewer, or throws the API's error. */
export function narrowFromParam(
  store: Store,
  viewer: UserRecord,
  value: unknown,
  allowHistory = true,
): CompiledNarrow {
  // A value that is not JSON arrives as a string: a structural error like any non-list.
  if (typeof value === 'string') throw errors.invalidVariable('narrow', value);
  try {
    const terms = parseNarrow(value);
    return compileNarrow(store.state, viewer, terms, { featureLevel: store.featureLevel, allowHistory });
  } catch (error) {
    if (!(error instanceof NarrowError)) throw error;
    if (error.kind === 'structure') throw errors.invalidVariable('narrow', JSON.stringify(value));
    if (error.kind === 'value') throw errors.badRequest(error.message);
    throw errors.badNarrow(error.message);
  }
}
