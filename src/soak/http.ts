/** The soak's HTTP client: undici pools with Basic authorization, counting every answer by status class. */
import { Pool } from 'undici';
import type { SoakAccount } from './protocol.js';

/** One answer: its status and parsed JSON body. */
export interface SoakAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Tallies shared by every pool of a run. */
export interface AnswerCounts {
  total: number;
  serverErrors: number;
  /** The first few 5xx answers, as `METHOD path → status body`. */
  serverErrorSamples: string[];
}

/** A pool of keep-alive connections to the server. */
export interface SoakHttp {
  call(
    account: SoakAccount,
    method: string,
    path: string,
    form?: Record<string, string>,
  ): Promise<SoakAnswer>;
  close(): Promise<void>;
}

/** The Basic authorization header of an account. */
export function basicAuth(account: SoakAccount): string {
  return `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}`;
}

/** An empty tally. */
export function createCounts(): AnswerCounts {
  return { total: 0, serverErrors: 0, serverErrorSamples: [] };
}

/** A pool of up to `connections` connections to `origin`; parameters go in the query of a GET, else the form body. */
export function createHttp(origin: string, connections: number, counts: AnswerCounts): SoakHttp {
  const pool = new Pool(origin, { connections, headersTimeout: 120_000, bodyTimeout: 120_000 });
  const auths = new Map<number, string>();
  return {
    async call(account, method, path, form = {}) {
      let auth = auths.get(account.user_id);
      if (!auth) auths.set(account.user_id, (auth = basicAuth(account)));
      const encoded = new URLSearchParams(form).toString();
      const get = method === 'GET';
      const res = await pool.request({
        method: method as 'GET',
        path: `/api/v1/${path}${get && encoded ? `?${encoded}` : ''}`,
        headers: get
          ? { authorization: auth }
          : { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: get ? undefined : encoded,
      });
      const text = await res.body.text();
      counts.total++;
      if (res.statusCode >= 500) {
        counts.serverErrors++;
        if (counts.serverErrorSamples.length < 5)
          counts.serverErrorSamples.push(`${method} ${path} → ${res.statusCode} ${text.slice(0, 200)}`);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { result: 'error', msg: `not JSON: ${text.slice(0, 100)}` };
      }
      return { status: res.statusCode, body };
    },
    close: () => pool.close(),
  };
}
