/** Every messages-area route (issue 3), gathered for the route table. */
import { messageFetchRoutes } from './messages-fetch.js';
import { messageSendRoutes } from './messages-send.js';

/** Messages routes: send, fetch, edit, delete, reactions, flags. */
export const messageRoutes = [...messageSendRoutes, ...messageFetchRoutes];
