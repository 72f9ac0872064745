/**
 * The one error catalogue: every code and message the mock sends, as factories grouped by area.
 * Handlers throw `errors.x(...)`; only the dispatcher turns an ApiError into the JSON envelope.
 */
import { coreErrors } from './core.js';

export { ApiError } from './core.js';

/** Every error factory. Areas add their own module here. */
export const errors = {
  ...coreErrors,
} as const;
