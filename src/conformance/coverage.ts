/** What a run exercised, against the route table, the endpoints' parameters, the spec's error codes and the event schemas. */
import { routes } from '../api/routes/index.js';
import { allSchemas, schemaById } from '../generated/schemas.js';
import { routeOf } from './checks.js';
import type { ScenarioResult } from './transcript.js';

/** The error codes of the API spec's Errors table. */
export const SPEC_ERROR_CODES = [
  'BAD_REQUEST',
  'STREAM_DOES_NOT_EXIST',
  'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
  'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
  'UNAUTHORIZED_PRINCIPAL',
  'INVITATION_FAILED',
  'REACTION_DOES_NOT_EXIST',
  'BAD_EVENT_QUEUE_ID',
];

/** One endpoint's row. */
export interface EndpointCoverage {
  endpoint: string;
  requests: number;
  params: { used: string[]; unused: string[] };
}

/** The coverage table. */
export interface Coverage {
  endpoints: EndpointCoverage[];
  errorCodes: { spec: Record<string, number>; other: Record<string, number> };
  eventTypes: Record<string, number>;
}

const paramNames = (schema: string | null): string[] => {
  const file = schemaById(`endpoints/${schema}.json`);
  const params = (file?.$defs as { params?: { properties?: object } } | undefined)?.params;
  return Object.keys(params?.properties ?? {});
};

/** Builds the coverage table from transcripts. */
export function computeCoverage(results: readonly ScenarioResult[]): Coverage {
  const rows = new Map<string, { requests: number; used: Set<string>; all: string[] }>();
  for (const r of routes)
    rows.set(`${r.method} ${r.root ? r.path : `/api/v1${r.path}`}`, {
      requests: 0,
      used: new Set(),
      all: paramNames(r.schema),
    });
  const spec: Record<string, number> = Object.fromEntries(SPEC_ERROR_CODES.map((c) => [c, 0]));
  const other: Record<string, number> = {};
  const eventTypes: Record<string, number> = {};
  for (const s of allSchemas()) {
    const id = String(s.$id);
    if (id.startsWith('events/')) eventTypes[id.slice(7, -5)] = 0;
  }
  for (const result of results)
    for (const step of result.steps) {
      if (step.request && step.response) {
        const route = routeOf(step.request.method, step.request.path);
        const row = route && rows.get(`${route.method} ${route.path}`);
        if (row) {
          row.requests++;
          for (const p of Object.keys(step.request.params)) row.used.add(p);
        }
        const code = (step.response.body as { code?: unknown } | null)?.code;
        if (step.response.status >= 400 && typeof code === 'string') {
          if (code in spec) spec[code]!++;
          else other[code] = (other[code] ?? 0) + 1;
        }
      }
      for (const event of step.events?.received ?? []) {
        const type = String((event as { type?: unknown }).type);
        eventTypes[type] = (eventTypes[type] ?? 0) + 1;
      }
    }
  return {
    endpoints: [...rows].map(([endpoint, row]) => ({
      endpoint,
      requests: row.requests,
      params: { used: [...row.used].sort(), unused: row.all.filter((p) => !row.used.has(p)) },
    })),
    errorCodes: { spec, other },
    eventTypes,
  };
}

/** One line: how much of each dimension the run touched. */
export function coverageSummary(c: Coverage): string {
  const hit = c.endpoints.filter((e) => e.requests > 0).length;
  const params = c.endpoints.reduce((n, e) => n + e.params.used.length, 0);
  const allParams = c.endpoints.reduce((n, e) => n + e.params.used.length + e.params.unused.length, 0);
  const codes = Object.values(c.errorCodes.spec).filter((n) => n > 0).length;
  const events = Object.values(c.eventTypes).filter((n) => n > 0).length;
  return (
    `coverage: endpoints ${hit}/${c.endpoints.length}, parameters ${params}/${allParams}, ` +
    `spec error codes ${codes}/${SPEC_ERROR_CODES.length}, event types ${events}/${Object.keys(c.eventTypes).length}`
  );
}
