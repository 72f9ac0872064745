/** A request over node:http, for tests that must send headers fetch would not (Origin) and read raw headers. */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** One request; resolves its status, headers and body text. */
export function callOverHttp(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
