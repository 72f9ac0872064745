/** A bounded ring of recent requests (GET /svc-mock/requests). */
import type { RequestLogEntry } from '../api/control.js';
import { BodyHead } from './excerpt.js';

/** An entry as kept: the answer's excerpt may still be the bytes it is cut from (see BodyHead). */
export type KeptRequest = Omit<RequestLogEntry, 'response_body'> & {
  response_body: string | BodyHead | null;
};

/** The entry as listed (the excerpt made now, and kept in its place). */
export function listed(entry: KeptRequest): RequestLogEntry {
  if (entry.response_body instanceof BodyHead) entry.response_body = entry.response_body.text();
  return entry as RequestLogEntry;
}

/**
 * Keeps the newest `size` entries, each with an increasing id, in a ring: a full log overwrites its oldest
 * entry in place (no shifting of the others on every request).
 */
export class RequestLog {
  private readonly entries: KeptRequest[] = [];
  /** Index of the oldest entry once the ring is full. */
  private oldest = 0;
  private nextId = 1;

  constructor(private readonly size: number) {}

  /** Appends an entry (its `id` is set here: pass 0), dropping the oldest beyond the bound; returns it. */
  add(entry: KeptRequest): KeptRequest {
    // The caller's object is kept (one object per request, not a copy of it), with its id set here.
    const added = entry;
    added.id = this.nextId++;
    if (this.entries.length < this.size) this.entries.push(added);
    else if (this.size > 0) {
      this.entries[this.oldest] = added;
      this.oldest = (this.oldest + 1) % this.size;
    }
    return added;
  }

  /** Entries with id > `since`, the newest `limit` of them, oldest first. */
  list({ limit, since }: { limit?: number; since?: number } = {}): RequestLogEntry[] {
    const { entries, oldest } = this;
    const ordered = oldest === 0 ? entries : [...entries.slice(oldest), ...entries.slice(0, oldest)];
    const after = since === undefined ? ordered : ordered.filter((e) => e.id > since);
    const chosen = limit === undefined ? after : after.slice(Math.max(0, after.length - limit));
    return chosen.map(listed);
  }
}
