/**
 * Child process of the harness: the bare node:http baseline. It answers each `METHOD path` it was given over
 * IPC with the exact status, headers and body captured from the mock; a urlencoded body is read and parsed
 * first (as the mock must). `GET /hold` requests are held until a `POST /release`, which answers and then
 * releases them all at once.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveMessages } from './processes.js';

/** A captured answer: status, raw header pairs and body. */
export interface Captured {
  status: number;
  headers: string[];
  body: Buffer;
}

const answers = new Map<string, Captured>();
let held: ServerResponse[] = [];

const send = (res: ServerResponse, answer: Captured): void => {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
};

const server = createServer((req, res) => {
  if (req.url === '/hold') {
    held.push(res);
    return;
  }
  const answer = answers.get(`${req.method} ${req.url}`);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  if (req.method === 'GET') return send(res, answer);
  const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    if (form) {
      let fields = 0;
      for (const [name, value] of new URLSearchParams(body)) fields += name.length + value.length > 0 ? 1 : 0;
      if (fields === 0) return res.writeHead(400).end();
    }
    send(res, answer);
    if (req.url === '/release') {
      const release = answers.get('HOLD')!;
      for (const waiting of held) send(waiting, release);
      held = [];
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

serveMessages((message) => {
  switch (message.cmd) {
    case 'answer': {
      const body = Buffer.from(message.body as string, 'base64');
      answers.set(message.key as string, {
        status: message.status as number,
        headers: message.headers as string[],
        body,
      });
      return true;
    }
    case 'held':
      return held.length;
    default:
      throw new Error(`unknown command ${String(message.cmd)}`);
  }
});
process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
