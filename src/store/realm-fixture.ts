/** The realm fixture as the loader works on it: the lists a file may leave out are filled in. */
import type { RealmFixture } from '../generated/types.js';

/**
 * A realm fixture with every list present: what generators, the builder and snapshots produce, and what
 * the loader works on once the schema's defaults (an empty list) are filled in.
 */
export type CompleteRealmFixture = RealmFixture &
  Required<Pick<RealmFixture, 'channels' | 'subscriptions' | 'user_groups' | 'messages'>>;
