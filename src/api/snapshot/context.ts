/** What every register snapshot section is built from: the store, the caller and their register options. */
import type { Capability } from '../../store/events/options.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import type { AppServices } from '../services.js';

/** Inputs of the snapshot sections. `user` is undefined for a logged-out spectator. */
export interface SnapshotContext {
  store: Store;
  services: AppServices;
  user: UserRecord | undefined;
  capabilities: Readonly<Partial<Record<Capability, boolean>>>;
  includeSubscribers: boolean | 'partial';
  slimPresence: boolean;
  presenceHistoryDays: number;
  clientExtavatar: boolean;
}

/** Whether the client declared a capability. */
export function can(ctx: SnapshotContext, name: Capability): boolean {
  return ctx.capabilities[name] === true;
}

/** One snapshot section: the requested types that select it and the keys it adds. */
export interface SnapshotSection {
  /** Selected when any of these types is requested (all of them with `requireAll`). */
  types: readonly string[];
  requireAll?: boolean;
  /** Left out when any of these types is also requested. */
  unless?: readonly string[];
  build(ctx: SnapshotContext): Record<string, unknown>;
}
