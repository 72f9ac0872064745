/** What a run exercised, against the route table, the endpoints' parameters, the spec's error codes and the event schemas. */
import { routes } from '../api/routes/index.js';
import { schemaById } from '../generated/schemas.js';
import { endpointExists } from '../versions/endpoints.js';
import { NEWEST_FEATURE_LEVEL } from '../versions/index.js';
import { routeOf } from './checks.js';
import { eventTypesAt, specErrorCodesAt } from './coverage-levels.js';
import type { ScenarioResult } from './transcript.js';

export { SPEC_ERROR_CODES } from './coverage-levels.js';

/** One endpoint's row. */
export interface EndpointCoverage {
  endpoint: string;
  requests: number;
  /**
   * `used` and `unused` split the endpoint's parameters (its schema's and its path's); `notInSchema` lists
   * what the scenarios sent that the schema does not name (not counted in the totals).
   */
  params: { used: string[]; unused: string[]; notInSchema: string[] };
}

/** The coverage table. */
export interface Coverage {
  /** The feature levels the totals are taken at (the run's level; several when results ran at several). */
  featureLevels: number[];
  /**
   * Whether the mock-only routes (/svc-mock/...) are in `endpoints`: only for targets with the control API.
   * Endpoints that appeared after the level(s) are left out.
   */
  mockRoutes: boolean;
  endpoints: EndpointCoverage[];
  /** `spec`: the spec's codes that exist at the level(s); `other`: every other code answered. */
  errorCodes: { spec: Record<string, number>; other: Record<string, number> };
  /** The event types that exist at the level(s), with how many were received. */
  eventTypes: Record<string, number>;
  /** Received events of types without a schema or not sent at the level(s). */
  otherEventTypes: Record<string, number>;
}

/** What the totals depend on besides the transcripts. */
export interface CoverageOptions {
  /** The target's feature level (default: the levels the results ran at, else the mock's newest). */
  featureLevel?: number;
  /** Whether the target offers the mock's control API, so that its /svc-mock routes count (default true). */
  control?: boolean;
}

/** A covered/total pair. */
export interface Ratio {
  covered: number;
  total: number;
}

const paramNames = (schema: string | null): string[] => {
  const file = schemaById(`endpoints/${schema}.json`);
  const params = (file?.$defs as { params?: { properties?: object } } | undefined)?.params;
  return Object.keys(params?.properties ?? {});
};

const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const isMockOnly = (path: string): boolean => path.startsWith('/svc-mock/');

interface Row {
  requests: number;
  used: Set<string>;
  all: string[];
  path: string[];
  unknown: Set<string>;
}

function endpointRows(control: boolean, levels: readonly number[]): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const r of routes) {
    if (!control && isMockOnly(r.path)) continue;
    // An endpoint that appeared after the target's level is not the target's to cover.
    if (!levels.some((level) => endpointExists(`${r.method} ${r.path}`, level))) continue;
    const path = pathParams(r.path);
    rows.set(`${r.method} ${r.root ? r.path : `/api/v1${r.path}`}`, {
      requests: 0,
      used: new Set(),
      all: [...new Set([...paramNames(r.schema), ...path])],
      path,
      unknown: new Set(),
    });
  }
  return rows;
}

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** The events a step received: an await step's, or the answer of a request step to GET /events. */
function eventsOf(step: ScenarioResult['steps'][number]): unknown[] {
  if (step.events) return step.events.received;
  const { request, response } = step;
  if (request?.method !== 'GET' || request.path !== '/api/v1/events' || response?.status !== 200) return [];
  const events = (response.body as { events?: unknown } | null)?.events;
  return Array.isArray(events) ? events : [];
}

/** Builds the coverage table from transcripts. */
export function computeCoverage(results: readonly ScenarioResult[], options: CoverageOptions = {}): Coverage {
  const levels =
    options.featureLevel !== undefined
      ? [options.featureLevel]
      : [...new Set(results.map((r) => r.featureLevel))].sort((a, b) => a - b);
  if (!levels.length) levels.push(NEWEST_FEATURE_LEVEL);
  const control = options.control ?? true;
  const rows = endpointRows(control, levels);
  const zero = (keys: string[]): Record<string, number> =>
    Object.fromEntries([...new Set(keys)].sort().map((k) => [k, 0]));
  const spec = zero(levels.flatMap(specErrorCodesAt));
  const eventTypes = zero(levels.flatMap(eventTypesAt));
  const other: Record<string, number> = {};
  const otherEventTypes: Record<string, number> = {};
  for (const result of results)
    for (const step of result.steps) {
      if (step.request && step.response) {
        const route = routeOf(step.request.method, step.request.path);
        const row = route && rows.get(`${route.method} ${route.path}`);
        if (row) {
          row.requests++;
          // A path parameter is sent whenever the route is reached.
          for (const p of [...Object.keys(step.request.params), ...row.path])
            (row.all.includes(p) ? row.used : row.unknown).add(p);
        }
        const code = (step.response.body as { code?: unknown } | null)?.code;
        if (step.response.status >= 400 && typeof code === 'string') bump(code in spec ? spec : other, code);
      }
      for (const event of eventsOf(step)) {
        const type = String((event as { type?: unknown } | null)?.type);
        bump(type in eventTypes ? eventTypes : otherEventTypes, type);
      }
    }
  return {
    featureLevels: levels,
    mockRoutes: control,
    endpoints: [...rows].map(([endpoint, row]) => ({
      endpoint,
      requests: row.requests,
      params: {
        used: [...row.used].sort(),
        unused: row.all.filter((p) => !row.used.has(p)),
        notInSchema: [...row.unknown].sort(),
      },
    })),
    errorCodes: { spec, other },
    eventTypes,
    otherEventTypes,
  };
}

const hits = (counts: Record<string, number>): Ratio => ({
  covered: Object.values(counts).filter((n) => n > 0).length,
  total: Object.keys(counts).length,
});

/** The four figures of a coverage table. */
export function coverageFigures(c: Coverage): {
  endpoints: Ratio;
  parameters: Ratio;
  errorCodes: Ratio;
  eventTypes: Ratio;
} {
  return {
    endpoints: { covered: c.endpoints.filter((e) => e.requests > 0).length, total: c.endpoints.length },
    parameters: {
      covered: c.endpoints.reduce((n, e) => n + e.params.used.length, 0),
      total: c.endpoints.reduce((n, e) => n + e.params.used.length + e.params.unused.length, 0),
    },
    errorCodes: hits(c.errorCodes.spec),
    eventTypes: hits(c.eventTypes),
  };
}

const percent = ({ covered, total }: Ratio): string =>
  `${total ? Math.floor((covered / total) * 100) : 100}%`;

/** One line: how much of each dimension the run touched. */
export function coverageSummary(c: Coverage): string {
  const f = coverageFigures(c);
  const invented = c.endpoints.reduce((n, e) => n + e.params.notInSchema.length, 0);
  const level = c.featureLevels.length === 1 ? 'level' : 'levels';
  return (
    `coverage: endpoints ${f.endpoints.covered}/${f.endpoints.total}` +
    `${c.mockRoutes ? '' : ' (mock-only routes not counted)'}, ` +
    `parameters ${f.parameters.covered}/${f.parameters.total} (${percent(f.parameters)})` +
    `${invented ? ` + ${invented} not in the schema` : ''}, ` +
    `spec error codes ${f.errorCodes.covered}/${f.errorCodes.total}, ` +
    `event types ${f.eventTypes.covered}/${f.eventTypes.total} (at feature ${level} ${c.featureLevels.join(', ')})`
  );
}
