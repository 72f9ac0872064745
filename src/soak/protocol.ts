/** What the soak's server child and the soak runner say to each other over IPC. */

/** An account the soak signs in as. */
export interface SoakAccount {
  user_id: number;
  email: string;
  api_key: string;
}

/** The child's first message, once it listens. */
export interface SoakHello {
  url: string;
  /** The realm's owner: creates the soak's channels. */
  owner: SoakAccount;
  /** Active members (no owner, guests or bots), as many as asked for. */
  users: SoakAccount[];
}

/** The child's memory after a forced garbage collection, and its live event queues. */
export interface SoakMemory {
  heapUsed: number;
  rss: number;
  queues: number;
}
