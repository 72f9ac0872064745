/** Snapshot sections about bots: the bots the caller administers and the bot kinds the server offers. */
import { botsOf, formatBot } from '../../store/users/bots.js';
import type { SnapshotSection } from './context.js';

/** realm_bots (owners see their bots, administrators all, guests none), and the configurable bot kinds. */
export const botSections: SnapshotSection[] = [
  {
    types: ['realm_bot'],
    build: ({ store, user }) => ({
      realm_bots: user
        ? botsOf(store.state, user).map((b) => formatBot(store.state, b, store.featureLevel))
        : [],
    }),
  },
  // The mock runs no embedded bots and serves no incoming-webhook integrations (no /external/ URLs), so it
  // offers none of either kind to configure (a server lists its integrations here).
  { types: ['realm_embedded_bots'], build: () => ({ realm_embedded_bots: [] }) },
  { types: ['realm_incoming_webhook_bots'], build: () => ({ realm_incoming_webhook_bots: [] }) },
];
