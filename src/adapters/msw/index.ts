/** `svc-mock/msw`: MSW handlers for tests and the browser. */
export { createHandlers, type FetchTarget, type HandlerOptions } from './handlers.js';
