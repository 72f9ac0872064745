/** svc-mock: a stateful in-memory implementation of the team messaging API. */
export { createApp, type App, type AppOptions } from './api/app.js';
export { DEFAULT_LIMITS, parseSize, type RequestLimits } from './api/limits.js';
export { ApiError, errors } from './api/errors/index.js';
export type { ApiRequest, ApiResponse, Route } from './api/route.js';
export { ConnectionDroppedError } from './api/route.js';
export {
  createTraffic,
  type Traffic,
  type TrafficOptions,
  type TrafficPatch,
  type TrafficSettings,
  type TrafficRule,
  type FailKind,
} from './api/traffic/index.js';
export { createManualClock, createSystemClock, type Clock, type ManualClock } from './store/clock.js';
export { PreparedRealm, RealmLoadError } from './store/load-realm.js';
export { createControllableClock, parseDuration } from './store/controllable-clock.js';
export { createMock, type Mock, type MockOptions } from './mock/create-mock.js';
export type { CreateRealmOptions, RealmListing, RealmRegistry } from './mock/realms.js';
export type { RealmSource } from './mock/realm-sources.js';
export {
  createIndexedDbStorage,
  createWebStorage,
  persistMock,
  type Persistence,
  type PersistOptions,
  type StateStorage,
} from './mock/persist.js';
export type { ControlClock, MockControl, RequestLogEntry } from './api/control.js';
export type { CompleteRealmFixture } from './store/realm-fixture.js';
export type * from './generated/types.js';
export {
  BEHAVIOURS,
  NEWEST_FEATURE_LEVEL,
  versions,
  type Behaviour,
  type BehaviourName,
} from './versions/index.js';
