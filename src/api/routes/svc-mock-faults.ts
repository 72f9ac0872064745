/** GET/PUT/POST/DELETE /svc-mock/faults: the mock-only control of latency, injected failures and rate limits. */
import type { PutSvcMockFaultsParams } from '../../generated/types.js';
import { requireControl } from '../control.js';
import { errors } from '../errors/index.js';
import { definePublicRoute, type Method, type RouteContext } from '../route.js';
import { wireSettings, type Traffic, type TrafficPatch } from '../traffic/index.js';

const PATH = '/svc-mock/faults';
const FIELDS = ['latency', 'fail_rate', 'fail_kinds', 'rate_limit', 'ip_rate_limit'] as const;

/** The mock's Traffic; a 404 like any unknown path when the control API is off. */
function trafficOf({ services, request }: Pick<RouteContext<unknown>, 'services' | 'request'>): Traffic {
  requireControl(services, request);
  if (!services.traffic) throw errors.trafficOff();
  return services.traffic;
}

/** Form values are text: `null`/`true`/`false` and JSON objects or lists (a JSON body's values) are decoded. */
function decode(name: string, value: string): unknown {
  const text = value.trim();
  if (text === 'null' || text === 'true' || text === 'false') return JSON.parse(text);
  if (!/^[[{]/.test(text)) return value;
  try {
    return JSON.parse(text);
  } catch {
    throw errors.notValidJson(name);
  }
}

function patchOf(params: PutSvcMockFaultsParams): TrafficPatch {
  const patch: TrafficPatch = {};
  for (const field of FIELDS) if (params[field] !== undefined) patch[field] = decode(field, params[field]);
  for (const layer of ['endpoints', 'users'] as const) {
    if (params[layer] === undefined) continue;
    const value = decode(layer, params[layer]);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw errors.badRequest(`Invalid ${layer}: expected a JSON object`);
    patch[layer] = value as TrafficPatch[typeof layer];
  }
  if (Object.keys(patch).length === 0)
    throw errors.badRequest(`No settings given: use ${FIELDS.join(', ')}, endpoints or users`);
  return patch;
}

const setRoute = (method: Method) =>
  definePublicRoute<PutSvcMockFaultsParams>({
    method,
    path: PATH,
    root: true,
    auth: 'none',
    schema: `${method.toLowerCase()}-svc-mock-faults`,
    summary: 'Mock only: merge latency, failure and rate-limit settings',
    handler: (context) => ({ faults: wireSettings(trafficOf(context).set(patchOf(context.params))) }),
  });

/** The faults control routes (root paths, outside /api/v1). */
export const faultRoutes = [
  definePublicRoute<Record<string, never>>({
    method: 'GET',
    path: PATH,
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-faults',
    summary: 'Mock only: current latency, failure and rate-limit settings',
    handler: (context) => ({ faults: wireSettings(trafficOf(context).get()) }),
  }),
  setRoute('PUT'),
  setRoute('POST'),
  definePublicRoute<Record<string, never>>({
    method: 'DELETE',
    path: PATH,
    root: true,
    auth: 'none',
    schema: 'delete-svc-mock-faults',
    summary: 'Mock only: turn latency, failures and rate limits off',
    handler(context) {
      const traffic = trafficOf(context);
      traffic.clear();
      return { faults: wireSettings(traffic.get()) };
    },
  }),
];
