/** The node server's own limits: streamed bodies, malformed or oversized requests, timeouts, connection shedding. */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { BodyAbortedError, BodyBudgetError, BodyTooLargeError } from '../../api/route.js';
import { DEFAULT_BODY_BUDGET, type BodyBudget } from './body-budget.js';

/** Connection-level limits of {@link startServer}; every field has a default. */
export interface ServerLimits {
  /** Largest request line plus headers, in bytes (node's maxHeaderSize); beyond it a 431 envelope. */
  maxHeaderSize: number;
  /** Milliseconds a client has to send the request headers (node's headersTimeout). */
  headersTimeout: number;
  /** Milliseconds a client has to send the whole request, body included (node's requestTimeout). */
  requestTimeout: number;
  /** Open connections at most: past it the longest-idle keep-alive connection is closed to make room. */
  maxConnections: number;
  /** Bytes of request bodies held at once, all requests together; a body that does not fit gets a 429. */
  maxBodyMemory: number;
}

/** The soft limit on open descriptors (Linux), or undefined when it cannot be read. */
function descriptorLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Defaults: node's header size, 20 s for headers, 60 s per request, connections below the descriptor limit. */
export function defaultServerLimits(): ServerLimits {
  const fds = descriptorLimit() ?? 1024;
  return {
    maxHeaderSize: 16 * 1024,
    headersTimeout: 20_000,
    requestTimeout: 60_000,
    // Leave room for files, the event loop and a little headroom: never run out of descriptors.
    maxConnections: Math.max(16, Math.min(10_000, fds - 128)),
    maxBodyMemory: DEFAULT_BODY_BUDGET,
  };
}

/**
 * One body being read. The listeners are shared module functions (node calls them with the request as `this`)
 * that find their read here, so a request makes no closures; one chunk (a form body) is kept as it came.
 */
class BodyRead {
  first: Buffer | undefined;
  rest: Buffer[] | undefined;
  /** A large body of known length is copied into one buffer as it arrives (no list of chunks to join). */
  whole: Buffer | undefined;
  total = 0;
  constructor(
    readonly limit: number,
    readonly resolve: (body: Uint8Array | null) => void,
    readonly reject: (error: unknown) => void,
    /** Counts a chunked body's bytes as they arrive (a declared length is counted up front). */
    readonly budget: BodyBudget | undefined,
    readonly held: { bytes: number } | undefined,
  ) {}
}

/** Bodies at least this large with a Content-Length are read into one buffer of that size. */
const WHOLE_FROM = 64 * 1024;

/** The read of a request, kept on the request itself (a property costs less than a WeakMap entry). */
const READ = Symbol('svc-mock body read');
/** Set on a request whose whole declared body was taken from node's buffer at once. */
const TAKEN = Symbol('svc-mock body taken');
type Reading = IncomingMessage & { [READ]?: BodyRead | undefined; [TAKEN]?: boolean };

function stopReading(req: Reading): void {
  req[READ] = undefined;
  req.off('data', onBodyData);
  req.off('end', onBodyEnd);
  req.off('error', onBodyError);
}

function onBodyData(this: Reading, chunk: Buffer): void {
  const read = this[READ];
  if (!read) return;
  const before = read.total;
  read.total += chunk.length;
  if (read.total > read.limit) {
    stopReading(this);
    this.pause();
    read.reject(new BodyTooLargeError(read.limit));
    return;
  }
  if (read.whole) {
    chunk.copy(read.whole, before);
    return;
  }
  if (read.budget) {
    if (!read.budget.reserve(chunk.length)) {
      stopReading(this);
      this.pause();
      read.reject(new BodyBudgetError());
      return;
    }
    read.held!.bytes += chunk.length;
  }
  if (read.first === undefined) read.first = chunk;
  else (read.rest ??= [read.first]).push(chunk);
}

function onBodyEnd(this: Reading): void {
  const read = this[READ];
  if (!read) return;
  stopReading(this);
  if (read.whole) read.resolve(read.total ? read.whole.subarray(0, read.total) : null);
  else read.resolve(read.rest ? Buffer.concat(read.rest, read.total) : (read.first ?? null));
}

function onBodyError(this: Reading, error: Error & { code?: string }): void {
  const read = this[READ];
  if (!read) return;
  stopReading(this);
  // Node reports a client that closes or resets mid-body as 'aborted' (ECONNRESET), whatever the framing.
  read.reject(error.code === 'ECONNRESET' || error.message === 'aborted' ? new BodyAbortedError() : error);
}

/** Settled before any request: a `then` on it runs at the next microtask checkpoint. */
const SETTLED = Promise.resolve();

/**
 * Reads a node request body under `limit` bytes: refuses a larger Content-Length at once and stops reading as
 * soon as more arrives (the rest is never buffered; the server closes the connection after answering). With a
 * budget, the body's bytes are counted in it (into `held`, given back by the caller once answered): a declared
 * length that does not fit is refused before reading, a chunked body as soon as it stops fitting.
 *
 * A small form's body usually arrives in the same packet as its headers. Node parses it after the request's
 * handler returns, and the next microtask checkpoint comes once it is buffered: the body is then taken with one
 * `read()`, with no listeners, no flowing mode and no 'end' to wait for. A body still on its way is listened
 * for as it arrives.
 */
export function readNodeBody(
  req: IncomingMessage,
  limit: number,
  budget?: BodyBudget,
  held?: { bytes: number },
): Promise<Uint8Array | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return Promise.resolve(null);
  const header = req.headers['content-length'];
  const declared = header === undefined ? undefined : Number(header);
  if (declared !== undefined && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  if (budget && declared !== undefined) {
    // A large body is held twice until the collector runs: its buffer and the socket chunks it was copied from.
    const cost = declared >= WHOLE_FROM ? 2 * declared : declared;
    if (!budget.reserve(cost)) return Promise.reject(new BodyBudgetError());
    held!.bytes += cost;
  }
  if (declared === 0) return Promise.resolve(null);
  if (declared !== undefined && declared < WHOLE_FROM)
    return SETTLED.then(
      () => takeBuffered(req, declared) ?? listenForBody(req, limit, declared, undefined, held),
    );
  return listenForBody(req, limit, declared, declared === undefined ? budget : undefined, held);
}

/**
 * The whole declared body when all of it is buffered and nothing else reads the request, else undefined. The
 * parser never passes on more than the declared length, so that many bytes buffered are the body.
 */
function takeBuffered(req: IncomingMessage, declared: number): Buffer | undefined {
  if (req.readableLength !== declared || req.readableFlowing || req.destroyed) return undefined;
  const body = req.read() as Buffer | null;
  if (body === null) return undefined;
  (req as Reading)[TAKEN] = true;
  return body;
}

/**
 * Whether the request has nothing left to send: node has parsed all of it, or its whole body was taken before
 * node got to its end (see {@link takeBuffered}). An answer to a request with more to come closes the connection.
 */
export function requestReceived(req: IncomingMessage): boolean {
  return req.complete || (req as Reading)[TAKEN] === true;
}

/** Reads the body as its chunks arrive (see {@link readNodeBody}). */
function listenForBody(
  req: IncomingMessage,
  limit: number,
  declared: number | undefined,
  budget: BodyBudget | undefined,
  held: { bytes: number } | undefined,
): Promise<Uint8Array | null> {
  // Gone before its body arrived (node emits no error to a request nobody listened to).
  if (req.destroyed) return Promise.reject(new BodyAbortedError());
  let resolve!: (body: Uint8Array | null) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Uint8Array | null>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  const read = new BodyRead(limit, resolve, reject, budget, held);
  if (declared !== undefined && declared >= WHOLE_FROM) read.whole = Buffer.allocUnsafe(declared);
  (req as Reading)[READ] = read;
  req.on('data', onBodyData);
  req.on('end', onBodyEnd);
  req.on('error', onBodyError);
  return promise;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** The status and message for an error node's HTTP parser reports. */
function classify(code: string | undefined, limits: ServerLimits): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, `Request URL or headers too large (limit: ${limits.maxHeaderSize} bytes)`];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Chunk extensions too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request timed out'];
    default:
      return [400, 'Malformed HTTP request'];
  }
}

/**
 * Answers what node's HTTP parser refuses (oversized URL or headers, bad framing such as both Content-Length
 * and Transfer-Encoding, timeouts) with the API's JSON envelope instead of node's empty body, then closes.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  limits: ServerLimits,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, msg] = classify(error.code, limits);
  const body = JSON.stringify({ result: 'error', msg, code: 'BAD_REQUEST' });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // A client that does not read its answer must not hold the descriptor.
  setTimeout(() => socket.destroy(), 1000).unref();
}

const TRACK = Symbol('svc-mock connection track');
/** When a connection last became idle (a rising count), or BUSY while one of its requests is answered. */
const IDLE_SINCE = Symbol('svc-mock idle since');
const BUSY = Infinity;
/** How a connection is marked busy and idle again in its server's connection list. */
interface ConnectionTrack {
  busy(socket: Socket): void;
  idle(socket: Socket): void;
}
type Tracked = Socket & { [TRACK]?: ConnectionTrack; [IDLE_SINCE]?: number };

/** A request arrived on `socket`: under {@link limitConnections}, it is not idle until its answer closes. */
export function connectionBusy(socket: Socket): void {
  (socket as Tracked)[TRACK]?.busy(socket);
}

/** The answer on `socket` closed: under {@link limitConnections}, the connection is idle again. */
export function connectionIdle(socket: Socket): void {
  (socket as Tracked)[TRACK]?.idle(socket);
}

/**
 * Keeps open connections under `max`: a new connection past the limit closes the longest-idle keep-alive
 * connection; when none is idle, the new one is refused. The server's request handler tells which are busy
 * ({@link connectionBusy} on each request, {@link connectionIdle} when its answer closes: its own close
 * listener does it, so an answer has one listener and a request one handler). Returns the steps of a close
 * that lets answers being written finish: `refuse` closes every new connection at once, `closeIdle` the
 * connections without an answer being made or written.
 */
export function limitConnections(server: Server, max: number): { refuse: () => void; closeIdle: () => void } {
  let refusing = false;
  // Each request marks its connection on the socket itself: a Map kept in idle order would take a delete and
  // a set per request, and a table churned that way keeps young objects alive in V8 (see Flushing in
  // server.ts). The longest-idle connection is looked for only when the limit is reached.
  let idleCount = 0;
  const open = new Set<Tracked>();
  const track: ConnectionTrack = {
    busy: (socket) => void ((socket as Tracked)[IDLE_SINCE] = BUSY),
    idle: (socket) => void ((socket as Tracked)[IDLE_SINCE] = ++idleCount),
  };
  const longestIdle = (): Tracked | undefined => {
    let oldest: Tracked | undefined;
    for (const socket of open) if (socket[IDLE_SINCE]! < (oldest?.[IDLE_SINCE] ?? BUSY)) oldest = socket;
    return oldest;
  };
  server.on('connection', (socket: Tracked) => {
    if (refusing) {
      socket.destroy();
      return;
    }
    if (open.size >= max) {
      const oldest = longestIdle();
      if (!oldest) {
        socket.destroy();
        return;
      }
      open.delete(oldest);
      oldest.destroy();
    }
    open.add(socket);
    socket[IDLE_SINCE] = ++idleCount;
    socket[TRACK] = track;
    socket.once('close', () => open.delete(socket));
  });
  return {
    refuse: () => void (refusing = true),
    closeIdle: () => {
      for (const socket of open) if (socket[IDLE_SINCE] !== BUSY) socket.destroy();
    },
  };
}

/** The createServer options that carry the limits (timeouts checked every second rather than node's 30 s). */
export function nodeServerOptions(limits: ServerLimits): ServerOptions {
  return {
    maxHeaderSize: limits.maxHeaderSize,
    headersTimeout: limits.headersTimeout,
    requestTimeout: limits.requestTimeout,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeout),
  };
}

/** How long and how much of a refused body is read and discarded after the answer (the client reads it meanwhile). */
const LINGER_MS = 2000;
const LINGER_BYTES = 1024 * 1024;

/**
 * After answering a request whose body was not read (refused before or while it streamed): discards what
 * still arrives for a moment, then closes. Closing at once would reset the connection while the client is
 * still sending, and the client would lose the answer; reading on without end would cost what the limit saves
 * (so at most 1 MB is discarded).
 */
export function lingerThenClose(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  // The answer says `Connection: close`, so node ends the socket as soon as the answer is written
  // (destroySoon): closed with unread input, the connection is reset and the answer may never be read.
  // Half-close instead: the answer and a FIN go out, and the input is read and dropped until the timer.
  socket.destroySoon = () => void socket.end();
  res.once('finish', () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    let discarded = 0;
    req.on('data', (chunk: Buffer) => {
      // Past the budget, stop reading: the client is held by TCP until the timer closes the connection.
      if ((discarded += chunk.length) > LINGER_BYTES) req.pause();
    });
  });
}
