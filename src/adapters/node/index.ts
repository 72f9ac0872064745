/** `svc-mock/node`: the standalone server adapter. */
export { startServer, type Dispatcher, type RunningServer } from './server.js';
export { defaultServerLimits, type ServerLimits } from './limits.js';
export { useServerGcSettings } from './gc.js';
export {
  allowedOrigin,
  applyCors,
  DEFAULT_CORS_ORIGINS,
  parseCorsOrigins,
  type CorsOrigins,
} from './cors.js';
export {
  basicAuth,
  createRealm,
  type CreateRealmOptions,
  type RealmAccount,
  type RealmClient,
  type RealmRequestInit,
} from './realm-client.js';
