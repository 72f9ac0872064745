/** The line `serve --log` prints for each request. */
import type { RequestLogEntry } from '../api/control.js';

/**
 * `METHOD path user status duration`, the user being the caller's e-mail or `-`; a request to a realm other
 * than the default one starts with its subdomain in brackets.
 * @example
 * formatRequestLine(entry); // 'GET /api/v1/users/me hamlet@svc.test 200 1.25ms'
 * formatRequestLine(entry, 'r1'); // '[r1] GET /api/v1/users/me hamlet@svc.test 200 1.25ms'
 */
export function formatRequestLine(entry: RequestLogEntry, subdomain?: string): string {
  const line = `${entry.method} ${entry.path} ${entry.email ?? '-'} ${entry.status} ${entry.duration_ms}ms`;
  return subdomain === undefined ? line : `[${subdomain}] ${line}`;
}
