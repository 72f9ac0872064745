// What --read-only promises (docs/conformance-production.md): the scenarios it selects send no request a conforming
// server accepts as a write, apart from registering and deleting their own event queues.
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../loader.js';

/** Requests a read-only scenario may expect to succeed besides GET: queues, rendering, a development key lookup. */
const ACCEPTED = new Set([
  'POST /register',
  'DELETE /events',
  'POST /messages/render',
  'POST /dev_fetch_api_key',
]);

describe('--read-only scenarios', () => {
  it('expect every write they send to be refused, apart from their own event queues and rendering', () => {
    const readOnly = loadScenarios(['scenarios']).filter(({ scenario }) => scenario.mutates === false);
    expect(readOnly.length).toBeGreaterThan(10);
    const accepted: string[] = [];
    for (const { file, scenario } of readOnly)
      for (const step of [...scenario.steps, ...(scenario.teardown ?? [])]) {
        const line = step.register ? 'POST /register' : step.request;
        if (!line || line.startsWith('GET ')) continue;
        const statuses = ([] as number[]).concat(step.expect?.status ?? 200);
        const route = line.replace(/\/\{[^}]+\}.*$/, '/{…}');
        if (statuses.some((s) => s < 400) && !ACCEPTED.has(route)) accepted.push(`${file}: ${line}`);
      }
    expect(accepted).toEqual([]);
  });
});
