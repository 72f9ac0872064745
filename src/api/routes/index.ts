/** The route table: every endpoint the mock implements, in one list. */
import type { Route } from '../route.js';
import { eventsRoutes } from './events.js';
import { registerRoutes } from './register.js';
import { serverRoutes } from './server.js';
import { userRoutes } from './users.js';

/** All routes; the dispatcher, the README table and `svc-mock routes` read this list. */
export const routes: readonly Route[] = [...serverRoutes, ...userRoutes, ...registerRoutes, ...eventsRoutes] as Route[];
