/** A bounded ring of recent requests (GET /svc-mock/requests). */
import type { RequestLogEntry } from '../api/control.js';

/** Keeps the newest `size` entries, each with an increasing id. */
export class RequestLog {
  private readonly entries: RequestLogEntry[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  /** Appends an entry, dropping the oldest beyond the bound; returns it with its id. */
  add(entry: Omit<RequestLogEntry, 'id'>): RequestLogEntry {
    const added = { id: this.nextId++, ...entry };
    this.entries.push(added);
    if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size);
    return added;
  }

  /** Entries with id > `since`, the newest `limit` of them, oldest first. */
  list({ limit, since }: { limit?: number; since?: number } = {}): RequestLogEntry[] {
    const after = since === undefined ? this.entries : this.entries.filter((e) => e.id > since);
    return limit === undefined ? [...after] : after.slice(Math.max(0, after.length - limit));
  }
}
