/** The node:http bridge: reads a request into the dispatcher's plain record and writes its answer. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { byteLength, joinInto, JsonText } from '../../api/json-text.js';
import { responseText, type ApiRequest, type ApiResponse } from '../../api/route.js';
import { withInspector } from '../../inspector/dispatcher.js';
import { errors } from '../../api/errors/index.js';
import { controlRefusal, createHostCheck, type AllowedHosts } from './control-guard.js';
import { BodyBudget } from './body-budget.js';
import { applyCors, type CorsOrigins } from './cors.js';
import {
  answerClientError,
  connectionBusy,
  connectionIdle,
  defaultServerLimits,
  limitConnections,
  lingerThenClose,
  nodeServerOptions,
  readNodeBody,
  requestReceived,
  type ServerLimits,
} from './limits.js';

/** Anything with the dispatcher entry point (an App, or a wrapper that swaps apps between tests). */
export interface Dispatcher {
  handle(request: ApiRequest): Promise<ApiResponse>;
}

/** A started server. */
export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /**
   * Stops listening, lets answers already being written finish, then closes every open connection
   * (parked long polls included: answer them first to have them heard).
   */
  close(): Promise<void>;
}

/**
 * How many answers are being written: close() lets them reach the client before it cuts the connections.
 * A count, not a Set of the answers: a Set with one add and one delete per request rehashes its table every
 * few dozen requests, and V8 links each old table to its successor. Once one of those tables is in the old
 * generation, every later table, and every answer they list, survives the young collections until the next
 * full one: POST /messages then copied 2-3 MB per scavenge instead of 0.1 MB.
 */
class Flushing {
  #writing = 0;
  #drained: Array<() => void> = [];

  add(): void {
    this.#writing++;
  }

  done(): void {
    if (--this.#writing > 0 || this.#drained.length === 0) return;
    const waiting = this.#drained;
    this.#drained = [];
    for (const resolve of waiting) resolve();
  }

  /** Resolves once every answer being written has reached its client or lost its connection. */
  drained(): Promise<void> {
    return this.#writing === 0 ? Promise.resolve() : new Promise((resolve) => this.#drained.push(resolve));
  }
}

const RECORD = Symbol('svc-mock request record');
const FLUSHING = Symbol('svc-mock flushing answers');
/** A node answer with its request's record, and its server's count of answers being written once counted. */
type Answer = ServerResponse & { [RECORD]: NodeRequest; [FLUSHING]: Flushing | undefined };

function onAnswerClose(this: Answer): void {
  this[FLUSHING]?.done();
  this[RECORD].releaseBody();
  if (!this.writableFinished) this[RECORD].left();
  connectionIdle(this.req.socket);
}

/** A preflight answered by the CORS layer: its connection is idle again once the answer closes. */
function onPreflightClose(this: ServerResponse): void {
  connectionIdle(this.req.socket);
}

/**
 * The dispatcher's record of a node request. Built on every request, so it is one class (no closures or
 * accessors made per request) and what most requests never read stays lazy: the AbortSignal (only long polls
 * listen; building one costs more than routing) and the peer address (a getpeername call; only the rate
 * limiter reads it).
 */
class NodeRequest implements ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body = null;
  #abort: AbortController | undefined;
  #left = false;
  /** Body bytes counted in the server's budget until the answer is written (none for most requests). */
  #held: { bytes: number } | undefined;

  constructor(
    private readonly req: IncomingMessage,
    res: ServerResponse,
    private readonly budget: BodyBudget,
  ) {
    this.method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    this.path = q < 0 ? url : url.slice(0, q);
    this.query = q < 0 ? '' : url.slice(q + 1);
    // One listener does both jobs: a client that leaves before its answer aborts; a written answer is flushed.
    // It is a shared function that finds this record on the answer: no closure per request.
    (res as Answer)[RECORD] = this;
    (res as Answer)[FLUSHING] = undefined;
    res.on('close', onAnswerClose);
  }

  /** The client left before its answer was written: a long poll listening on `signal` stops. */
  left(): void {
    this.#left = true;
    this.#abort?.abort();
  }

  header(name: string): string | undefined {
    // node's own header object: it builds it for every HTTP/1.1 request anyway (its Host check reads it), so a
    // lookup there costs less than a walk over the raw pairs. A repeated header follows node's rules (some are
    // joined, some keep their first value; set-cookie, a list, is joined here).
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Read by the dispatcher after routing and authentication, under the route's size limit. */
  readBody(limit: number): Promise<Uint8Array | null> {
    this.#held ??= { bytes: 0 };
    return readNodeBody(this.req, limit, this.budget, this.#held);
  }

  /** Gives the body's bytes back to the server's budget (its answer is written or abandoned). */
  releaseBody(): void {
    if (this.#held) this.budget.release(this.#held.bytes);
    this.#held = undefined;
  }

  get signal(): AbortSignal {
    if (!this.#abort) {
      this.#abort = new AbortController();
      if (this.#left) this.#abort.abort();
    }
    return this.#abort.signal;
  }

  get ip(): string | undefined {
    return this.req.socket.remoteAddress;
  }
}

// Memory for joined answers (a page of cached messages), reused once node has handed an answer to the socket:
// a fresh block of tens of KB per request costs more in page faults than copying the bytes into it. Blocks
// come in powers of two; a few of each size are kept.
const MIN_BLOCK = 1 << 14;
const MAX_BLOCK = 1 << 21;
const SPARE_BLOCKS = 8;
const spareBlocks = new Map<number, Buffer[]>();

/** A block of at least `length` bytes, and the way to give it back once its write is done (if it is kept). */
function takeBlock(length: number): { block: Buffer; size: number } {
  if (length <= MIN_BLOCK || length > MAX_BLOCK) return { block: Buffer.allocUnsafe(length), size: 0 };
  const size = 2 ** (32 - Math.clz32(length - 1));
  return { block: spareBlocks.get(size)?.pop() ?? Buffer.allocUnsafeSlow(size), size };
}

function returnBlock(block: Buffer, size: number): void {
  let spare = spareBlocks.get(size);
  if (!spare) spareBlocks.set(size, (spare = []));
  if (spare.length < SPARE_BLOCKS) spare.push(block);
}

/** What to send: text, or bytes with the block they were joined into (to reuse after the write). */
interface WireBody {
  data: string | Uint8Array;
  block?: Buffer;
  size?: number;
}

/**
 * The bytes or text to send. JSON text goes out as its UTF-8 bytes: a cached answer keeps them from one request
 * to the next (encoded once); a page of cached pieces is joined into a reused block.
 */
function wireBody(response: ApiResponse): WireBody | null {
  if (!(response.body instanceof JsonText)) {
    const text = responseText(response);
    return text === null ? null : { data: text };
  }
  const wire = response.body.wire;
  if (wire instanceof Uint8Array) return { data: wire };
  const length = byteLength(wire);
  const { block, size } = takeBlock(length);
  const data = block.subarray(0, length);
  joinInto(wire, data);
  return size ? { data, block, size } : { data };
}

async function serve(
  app: Dispatcher,
  req: IncomingMessage,
  res: ServerResponse,
  flushing: Flushing,
  budget: BodyBudget,
): Promise<void> {
  const response = await app.handle(new NodeRequest(req, res, budget));
  if (res.destroyed) return;
  if (response.drop) {
    req.socket.destroy();
    return;
  }
  const body = req.method === 'HEAD' ? null : wireBody(response);
  const data = body?.data;
  // Header pairs in one flat list (node takes it as is): the answer's own, then framing.
  const head: string[] = [];
  for (const name in response.headers) head.push(name, response.headers[name]!);
  // The length is known before writing: sent as Content-Length (one write, no chunk framing). Bytes (cached
  // JSON) are written as they are; text is encoded once, by the socket write.
  if (data !== undefined)
    head.push('Content-Length', String(typeof data === 'string' ? Buffer.byteLength(data) : data.length));
  // A body left unread (refused before or while it streamed) is discarded for a moment, then the connection closes.
  // Such a connection is not reused, and the client must know: a keep-alive client would send its next request
  // on it and see the connection reset.
  const closing = !requestReceived(req);
  if (closing) {
    lingerThenClose(req, res);
    head.push('Connection', 'close');
  }
  res.writeHead(response.status, head);
  flushing.add();
  (res as Answer)[FLUSHING] = flushing;
  // A lingering answer is written at once (its close follows the write), and so is one joined into a send
  // block: held to the end of the turn, every block would be out at once, and the turn's other large answers
  // would each take a fresh one (GET /messages after a busy run: 17.4k -> 10.9k req/s). The others go out at
  // the end of this turn.
  if (closing || body?.block) endAnswer(res, data, body?.block, body?.size);
  else deferEnd(res, data);
}

/** Writes an answer whose head is set. */
function endAnswer(
  res: ServerResponse,
  data: string | Uint8Array | undefined,
  block: Buffer | undefined,
  size: number | undefined,
): void {
  // 'finish' comes once the answer is with the operating system: the block may then take the next one. An
  // answer that fails or never finishes (connection lost) leaves its block to the garbage collector.
  if (block) res.end(data, (error?: unknown) => error || returnBlock(block, size!));
  else res.end(data);
}

/**
 * Answers ready in one turn of the event loop, written together once its I/O callbacks are done
 * (setImmediate): a busy server then hands a client several answers in a row rather than one per wake-up, and
 * each write after the first finds the client awake, which costs the kernel much less than waking it. An idle
 * server still writes within the same turn.
 */
interface PendingAnswer {
  res: ServerResponse;
  data: string | Uint8Array | undefined;
}
let pendingAnswers: PendingAnswer[] = [];

/** Queues an answer without a send block (those are written at once) for the end of this turn. */
function deferEnd(res: ServerResponse, data: string | Uint8Array | undefined): void {
  if (pendingAnswers.push({ res, data }) === 1) setImmediate(endPendingAnswers);
}

function endPendingAnswers(): void {
  const answers = pendingAnswers;
  pendingAnswers = [];
  for (const { res, data } of answers) {
    // A connection lost meanwhile: node already closed the answer (its close listener ran).
    if (res.destroyed) continue;
    // One failing write must not leave the turn's other answers unsent: its connection is closed instead.
    try {
      res.end(data);
    } catch (error) {
      console.error('svc-mock: writing an answer failed', error);
      res.destroy();
    }
  }
}

/**
 * Starts a node:http server for the API.
 * @example
 * const running = await startServer(createApp({ realm }), { port: 0 });
 * console.log(running.url); // http://127.0.0.1:PORT
 */
export async function startServer(
  app: Dispatcher,
  options: {
    port?: number;
    host?: string;
    limits?: Partial<ServerLimits>;
    /** Origins allowed to call it from a page (CORS); default none (`serve` allows localhost ports). */
    cors?: CorsOrigins;
    /** Host names the `/svc-mock/` routes answer besides loopback names and the listening address. */
    allowedHosts?: AllowedHosts;
  } = {},
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const flushing = new Flushing();
  const limits = { ...defaultServerLimits(), ...options.limits };
  // GET /svc-mock/ answers the inspector page when the app has the control API on.
  const dispatcher = withInspector(app);
  const cors = options.cors ?? false;
  const hostAllowed = createHostCheck(host, options.allowedHosts);
  const budget = new BodyBudget(limits.maxBodyMemory);
  const server = createServer(nodeServerOptions(limits), (req, res) => {
    connectionBusy(req.socket);
    if (applyCors(cors, req, res)) {
      res.on('close', onPreflightClose);
      return;
    }
    if (req.url!.startsWith('/svc-mock')) {
      const refusal = controlRefusal(req, hostAllowed, cors);
      if (refusal !== undefined) {
        const error = errors.controlRefused(refusal);
        res.writeHead(error.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(error.body()));
        return;
      }
    }
    serve(dispatcher, req, res, flushing, budget).catch((error: unknown) => {
      console.error('svc-mock: request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ result: 'error', msg: 'Internal server error' }));
    });
  });
  server.keepAliveTimeout = 5000;
  server.on('clientError', (error: Error, socket) => answerClientError(error, socket, limits));
  const connections = limitConnections(server, limits.maxConnections);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9991, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    port,
    url: `http://${urlHost}:${port}`,
    close: async () => {
      // node's server.close() closes the connections it deems idle, and one whose answer is still being written
      // (a large answer, a slow client) is one of them: the client would lose the rest. So new connections are
      // refused and idle ones closed here (idle: no answer being made or written), the answers being written
      // are waited for, and only then does node close the server.
      connections.refuse();
      connections.closeIdle();
      await flushing.drained();
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeAllConnections();
      await closed;
    },
  };
}
