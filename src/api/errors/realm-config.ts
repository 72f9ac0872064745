/** Errors of linkifiers and code playgrounds. */
import type { ValidationFailure } from '../../store/linkifiers/linkifiers.js';
import { bad } from './core.js';

/** Linkifier and playground error factories. */
export const realmConfigErrors = {
  /** A model validation failure: the first message, and every message by field under `errors`. */
  validationFailed: (failure: ValidationFailure) => bad(failure.message, { errors: failure.errors }),
  linkifierNotFound: () => bad('Linkifier not found.'),
  linkifierOrderDuplicates: () => bad('The ordered list must not contain duplicated linkifiers'),
  linkifierOrderIncomplete: () => bad('The ordered list must enumerate all existing linkifiers exactly once'),
  invalidPlayground: () => bad('Invalid playground'),
} as const;
