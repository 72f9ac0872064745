/** `svc-mock/node`: the standalone server adapter. */
export { startServer, type Dispatcher, type RunningServer } from './server.js';
