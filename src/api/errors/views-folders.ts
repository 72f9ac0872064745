/** Errors of navigation views and channel folders. */
import { ApiError, bad } from './core.js';

/** Navigation-view and channel-folder error factories. */
export const viewsFoldersErrors = {
  builtInViewNamed: () => bad('Built-in views cannot have a custom name.'),
  customViewUnnamed: () => bad('Custom views must have a valid name.'),
  navigationViewExists: () => bad('Navigation view already exists.'),
  navigationViewNotFound: () => new ApiError('BAD_REQUEST', 'Navigation view does not exist.', 404),
} as const;
