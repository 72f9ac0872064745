/** The recording proxy: a node:http server on loopback that forwards every request to the target and records it. */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseBasicAuth, parseBody, readParams, type RecordedExchange } from './exchange.js';

/** Options of {@link startRecordingProxy}. */
export interface RecordingProxyOptions {
  /** The server the proxy forwards to (its root URL; a trailing /api/v1 is dropped). */
  target: string;
  /** Port on 127.0.0.1 (default 0: a free one). */
  port?: number;
  /** Called after each recorded exchange. */
  onExchange?: (exchange: RecordedExchange, count: number) => void;
  /** Longest wait for the target's answer in milliseconds (default 10 minutes: long polls park). */
  timeoutMs?: number;
  /** Wall clock in milliseconds (default Date.now). */
  now?: () => number;
}

/** A running recording proxy. */
export interface RecordingProxy {
  url: string;
  port: number;
  /** The target's base URL. */
  target: string;
  /** Exchanges recorded so far, in order of arrival. */
  exchanges: RecordedExchange[];
  /** Requests forwarded whose answer has not come back yet (parked long polls among them). */
  inFlight(): number;
  /** Stops listening, aborts the requests still in flight (they are not recorded) and closes connections. */
  close(): Promise<void>;
}

// Hop-by-hop headers, and those the proxy recomputes; accept-encoding so the answer comes back readable.
const DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'accept-encoding',
]);

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !DROPPED.has(name)) out[name] = value;
  return out;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const headerText = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/**
 * Starts the proxy: a client pointed at its URL talks to the target, and every finished exchange is recorded.
 * @example
 * const proxy = await startRecordingProxy({ target: 'http://127.0.0.1:9991', port: 9992 });
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const target = options.target.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const now = options.now ?? Date.now;
  const timeout = options.timeoutMs ?? 600_000;
  // Imported here, not at the top: the CLI loads this module for every command, `serve` included.
  const { Agent, request } = await import('undici');
  const agent = new Agent({ headersTimeout: timeout, bodyTimeout: timeout });
  const exchanges: RecordedExchange[] = [];
  const pending = new Set<AbortController>();
  let seq = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startedAt = now();
    const number = ++seq;
    const abort = new AbortController();
    pending.add(abort);
    // A client that leaves before its answer (an abandoned long poll) cancels the upstream request.
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    try {
      const url = req.url ?? '/';
      const method = req.method ?? 'GET';
      const body = await readAll(req);
      const upstream = await request(`${target}${url}`, {
        method: method as 'GET',
        headers: forwardHeaders(req.headers),
        body: body.length ? body : undefined,
        dispatcher: agent,
        signal: abort.signal,
      });
      const data = Buffer.from(await upstream.body.arrayBuffer());
      const headers = forwardHeaders(upstream.headers as IncomingHttpHeaders);
      res.writeHead(upstream.statusCode, { ...headers, 'content-length': String(data.length) });
      res.end(data);
      const contentType = headerText(upstream.headers['content-type']);
      const q = url.indexOf('?');
      const exchange: RecordedExchange = {
        seq: number,
        startedAt,
        endedAt: now(),
        method,
        path: q < 0 ? url : url.slice(0, q),
        ...readParams(url, req.headers['content-type'], body),
        credentials: parseBasicAuth(req.headers.authorization),
        status: upstream.statusCode,
        contentType,
        body: parseBody(contentType, data),
      };
      exchanges.push(exchange);
      options.onExchange?.(exchange, exchanges.length);
    } catch (error) {
      if (abort.signal.aborted) {
        if (!res.headersSent) res.destroy();
        return;
      }
      const message = `svc-mock record: no answer from ${target}: ${(error as Error).message}`;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'error', code: 'BAD_GATEWAY', msg: message }));
    } finally {
      pending.delete(abort);
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    target,
    exchanges,
    inFlight: () => pending.size,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const abort of pending) abort.abort();
      server.closeAllConnections();
      await closed;
      await agent.destroy();
    },
  };
}
