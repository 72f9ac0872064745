/** The line `serve --log` prints for each request. */
import type { RequestLogEntry } from '../api/control.js';

/**
 * `METHOD path user status duration`, the user being the caller's e-mail or `-`.
 * @example
 * formatRequestLine(entry); // 'GET /api/v1/users/me hamlet@svc.test 200 1.25ms'
 */
export function formatRequestLine(entry: RequestLogEntry): string {
  return `${entry.method} ${entry.path} ${entry.email ?? '-'} ${entry.status} ${entry.duration_ms}ms`;
}
