/**
 * The event queue as a real client keeps it: register, long-poll GET /events from the last event id, and
 * register again when the server has forgotten the queue (BAD_EVENT_QUEUE_ID: it expired, or the server restarted).
 */
import { ApiError, type ApiClient } from './api.js';

/** The event types this client asks for. */
export const EVENT_TYPES = ['message', 'reaction', 'update_message', 'delete_message', 'subscription'];

/** A subscribed channel as POST /register lists it. */
export interface Subscription {
  stream_id: number;
  name: string;
  color: string;
  description: string;
}

/** What POST /register answers with (the part this client reads). */
export interface Registration {
  queue_id: string;
  last_event_id: number;
  subscriptions: Subscription[];
}

/** One event from GET /events. */
export interface ServerEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

/** What the loop tells the app. */
export interface EventLoopHandlers {
  /** A new queue: the app reloads its state from it (`again` after a lost queue). */
  registered(registration: Registration, again: boolean): Promise<void> | void;
  events(events: ServerEvent[]): void;
  status(text: string, state: 'connecting' | 'connected' | 'retrying'): void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers and long-polls until stopped. */
export class EventLoop {
  private controller = new AbortController();
  private queueId = '';
  private lastEventId = -1;

  constructor(
    private readonly api: ApiClient,
    private readonly handlers: EventLoopHandlers,
  ) {}

  /** Registers, then polls in the background. */
  async start(): Promise<void> {
    await this.register(false);
    void this.poll();
  }

  /** Stops polling (the parked request is aborted). */
  stop(): void {
    this.controller.abort();
  }

  private async register(again: boolean): Promise<void> {
    this.handlers.status(again ? 'Event queue lost: registering again…' : 'Connecting…', 'connecting');
    const registration = await this.api.post<Registration>('/register', {
      event_types: EVENT_TYPES,
      fetch_event_types: ['subscription'],
      apply_markdown: true,
      client_gravatar: false,
    });
    this.queueId = registration.queue_id;
    this.lastEventId = registration.last_event_id;
    await this.handlers.registered(registration, again);
    this.handlers.status(
      again ? 'Connected (registered again after the queue was lost)' : 'Connected',
      'connected',
    );
  }

  private async poll(): Promise<void> {
    let failures = 0;
    while (!this.controller.signal.aborted) {
      try {
        const answer = await this.api.get<{ events: ServerEvent[] }>(
          '/events',
          { queue_id: this.queueId, last_event_id: this.lastEventId },
          this.controller.signal,
        );
        failures = 0;
        for (const event of answer.events) this.lastEventId = Math.max(this.lastEventId, event.id);
        const wanted = answer.events.filter((event) => event.type !== 'heartbeat');
        if (wanted.length) this.handlers.events(wanted);
      } catch (error) {
        if (this.controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'BAD_EVENT_QUEUE_ID') {
          await this.register(true).catch(() => sleep(1000));
          continue;
        }
        // Network errors and 5xx: back off (1 s, 2 s, 4 s ... at most 30 s) and try again.
        failures += 1;
        const wait = Math.min(30_000, 1000 * 2 ** (failures - 1));
        this.handlers.status(
          `Connection problem (${String(error)}); retrying in ${wait / 1000} s`,
          'retrying',
        );
        await sleep(wait);
      }
    }
  }
}
