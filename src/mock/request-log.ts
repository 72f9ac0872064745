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
 * Keeps the newest `size` entries, each with an increasing id, in a ring: a full log overwrites its oldest slot
 * in place (no shifting of the others on every request). A slot is a row of columns (numbers in typed arrays,
 * the texts in lists), not the entry object: every kept request lives through a young collection of the
 * server's heap, and the row keeps about half of what the object kept (an object, two boxed numbers and a new
 * path string per request). A path, method or query equal to the previous request's is kept as that one text.
 */
export class RequestLog {
  readonly #ids: Float64Array;
  readonly #times: Float64Array;
  readonly #durations: Float64Array;
  readonly #statuses: Uint16Array;
  /** NaN for no user. */
  readonly #users: Float64Array;
  readonly #methods: string[];
  readonly #paths: string[];
  readonly #emails: Array<string | null>;
  readonly #queries: string[];
  readonly #requestBodies: Array<string | null>;
  readonly #responseBodies: Array<string | BodyHead | null>;
  /** The next slot written (the oldest one once the ring is full). */
  #next = 0;
  #nextId = 1;
  #lastMethod = '';
  #lastPath = '';
  #lastQuery = '';

  constructor(private readonly size: number) {
    this.#ids = new Float64Array(size);
    this.#times = new Float64Array(size);
    this.#durations = new Float64Array(size);
    this.#statuses = new Uint16Array(size);
    this.#users = new Float64Array(size);
    this.#methods = new Array<string>(size).fill('');
    this.#paths = new Array<string>(size).fill('');
    this.#emails = new Array<string | null>(size).fill(null);
    this.#queries = new Array<string>(size).fill('');
    this.#requestBodies = new Array<string | null>(size).fill(null);
    this.#responseBodies = new Array<string | BodyHead | null>(size).fill(null);
  }

  /** Records an entry (its `id` is set here: pass 0), dropping the oldest beyond the bound; returns it. */
  add(entry: KeptRequest): KeptRequest {
    entry.id = this.#nextId++;
    if (this.size === 0) return entry;
    const at = this.#next;
    this.#ids[at] = entry.id;
    this.#times[at] = entry.time;
    this.#durations[at] = entry.duration_ms;
    this.#statuses[at] = entry.status;
    this.#users[at] = entry.user_id ?? Number.NaN;
    this.#methods[at] =
      entry.method === this.#lastMethod ? this.#lastMethod : (this.#lastMethod = entry.method);
    this.#paths[at] = entry.path === this.#lastPath ? this.#lastPath : (this.#lastPath = entry.path);
    this.#emails[at] = entry.email;
    this.#queries[at] = entry.query === this.#lastQuery ? this.#lastQuery : (this.#lastQuery = entry.query);
    this.#requestBodies[at] = entry.request_body;
    this.#responseBodies[at] = entry.response_body;
    this.#next = (at + 1) % this.size;
    return entry;
  }

  /** Entries with id > `since`, the newest `limit` of them, oldest first. */
  list({ limit, since }: { limit?: number; since?: number } = {}): RequestLogEntry[] {
    // Slots in use: every entry added so far, up to the size of the ring.
    const count = Math.min(this.#nextId - 1, this.size);
    const first = count < this.size ? 0 : this.#next;
    const slots: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = (first + i) % this.size;
      if (since === undefined || this.#ids[at]! > since) slots.push(at);
    }
    const chosen = limit === undefined ? slots : slots.slice(Math.max(0, slots.length - limit));
    return chosen.map((at) => this.#entry(at));
  }

  /** The entry of a slot, its answer's excerpt made now (and kept in its place). */
  #entry(at: number): RequestLogEntry {
    let response = this.#responseBodies[at]!;
    if (response instanceof BodyHead) this.#responseBodies[at] = response = response.text();
    const user = this.#users[at]!;
    return {
      id: this.#ids[at]!,
      time: this.#times[at]!,
      method: this.#methods[at]!,
      path: this.#paths[at]!,
      user_id: Number.isNaN(user) ? null : user,
      email: this.#emails[at]!,
      status: this.#statuses[at]!,
      duration_ms: this.#durations[at]!,
      query: this.#queries[at]!,
      request_body: this.#requestBodies[at]!,
      response_body: response,
    };
  }
}
