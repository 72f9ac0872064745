// The request log's ring: the newest entries in order, whatever number of requests went through it.
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../api/control.js';
import { RequestLog } from './request-log.js';

const entry = (path: string): RequestLogEntry => ({
  id: 0,
  time: 0,
  method: 'GET',
  path,
  user_id: null,
  email: null,
  status: 200,
  duration_ms: 0,
  query: '',
  request_body: null,
  response_body: null,
});

describe('RequestLog', () => {
  it('keeps the newest entries oldest first, with since and limit, before and after it wraps around', () => {
    const log = new RequestLog(5);
    for (let n = 1; n <= 13; n++) {
      log.add(entry(`/${n}`));
      const kept = Array.from({ length: Math.min(n, 5) }, (_, i) => n - Math.min(n, 5) + 1 + i);
      expect(log.list().map((e) => e.id)).toEqual(kept);
      expect(log.list().map((e) => e.path)).toEqual(kept.map((id) => `/${id}`));
      expect(log.list({ limit: 2 }).map((e) => e.id)).toEqual(kept.slice(-2));
      expect(log.list({ since: n - 2 }).map((e) => e.id)).toEqual(kept.filter((id) => id > n - 2));
    }
  });

  it('gives out copies: a listed array does not change with later requests', () => {
    const log = new RequestLog(2);
    log.add(entry('/a'));
    const listed = log.list();
    log.add(entry('/b'));
    log.add(entry('/c'));
    expect(listed.map((e) => e.path)).toEqual(['/a']);
  });
});
