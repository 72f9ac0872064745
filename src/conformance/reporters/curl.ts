/** A `curl` command that reproduces a step's request, the key (and any redacted value) left to environment variables. */
import { encodeParam, type SentRequest } from '../session.js';

/** The environment variable that stands for a redacted value: `$SVC_API_KEY`, `$SVC_PASSWORD`, else `$SVC_SECRET`. */
export function envVarFor(field?: string): string {
  const name = (field ?? '').toLowerCase();
  if (name.endsWith('api_key') || name === 'authorization') return 'SVC_API_KEY';
  if (name.endsWith('password')) return 'SVC_PASSWORD';
  return 'SVC_SECRET';
}

/** The base URL a curl of the in-process mock points at: a `svc-mock serve` on its default port. */
const MOCK_BASE = 'http://127.0.0.1:9991';

/** Shell text in double quotes, with `<redacted field>` marks turned into `$VARIABLE` references. */
export function shellQuote(text: string): string {
  const parts = text.split(/<redacted(?: ([a-z0-9_-]+))?>/i);
  let out = '';
  // One capturing group: texts at even indexes, the redacted field (or undefined) at odd ones.
  parts.forEach((part: string | undefined, i) => {
    if (i % 2 === 0) out += (part ?? '').replace(/[\\"`$]/g, '\\$&');
    else out += `\${${envVarFor(part)}}`;
  });
  return `"${out}"`;
}

/** Options of {@link curlCommand}. */
export interface CurlOptions {
  /** The target's base URL (default: a local `svc-mock serve`). */
  baseUrl?: string;
  /** The actor's e-mail: `-u "email:$SVC_API_KEY"` (none for an anonymous actor). */
  email?: string;
}

/**
 * `curl -sS -X POST "https://host/api/v1/messages" -u "hamlet@svc.test:$SVC_API_KEY" --data-urlencode "to=..."`:
 * GET parameters go in the query (`-G`), others in a form body, a step's `json:` body as JSON, as the runner
 * sends them.
 */
export function curlCommand(request: SentRequest, options: CurlOptions = {}): string {
  const base =
    !options.baseUrl || /\/\/svc-mock\.localhost\b/.test(options.baseUrl) ? MOCK_BASE : options.baseUrl;
  const args = ['curl', '-sS'];
  args.push(request.method === 'GET' ? '-G' : `-X ${request.method}`);
  args.push(shellQuote(`${base.replace(/\/+$/, '')}${request.path}`));
  if (options.email !== undefined) args.push(`-u ${shellQuote(`${options.email}:<redacted api_key>`)}`);
  if (request.json) {
    args.push(`-H ${shellQuote('Content-Type: application/json')}`);
    args.push(`--data-raw ${shellQuote(JSON.stringify(request.params))}`);
    return args.join(' ');
  }
  for (const [name, value] of Object.entries(request.params))
    if (value !== undefined) args.push(`--data-urlencode ${shellQuote(`${name}=${encodeParam(value)}`)}`);
  return args.join(' ');
}
