/** Every messages-area route (issue 3), gathered for the route table. */
import { messageDeleteRoutes } from './messages-delete.js';
import { messageEditRoutes } from './messages-edit.js';
import { messageFetchRoutes } from './messages-fetch.js';
import { messageFlagRoutes } from './messages-flags.js';
import { messageSendRoutes } from './messages-send.js';

/** Messages routes: send, fetch, edit, delete, reactions, flags. */
export const messageRoutes = [
  ...messageSendRoutes,
  ...messageFetchRoutes,
  ...messageEditRoutes,
  ...messageDeleteRoutes,
  ...messageFlagRoutes,
];
