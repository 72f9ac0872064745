/** svc-mock: a stateful in-memory implementation of the team messaging API. */
export { createApp, type App, type AppOptions } from './api/app.js';
export { ApiError, errors } from './api/errors/index.js';
export type { ApiRequest, ApiResponse, Route } from './api/route.js';
export { createManualClock, createSystemClock, type Clock, type ManualClock } from './store/clock.js';
export { PreparedRealm, RealmLoadError } from './store/load-realm.js';
export type * from './generated/types.js';
