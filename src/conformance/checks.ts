/**
 * Checks every response gets, beside a step's expectations: schema (failures named by pointer and keyword,
 * schema-explain.ts), content type, ignored parameters.
 */
import { createRouter } from '../api/router.js';
import { routes } from '../api/routes/index.js';
import { schemaById, schemaIds as allSchemaIds } from '../generated/schemas.js';
import { checkValidatorAt } from '../schema/level-schemas.js';
import type { ValidateFunction } from 'ajv';
import { checkValidator, describeErrors } from '../schema/validator.js';
import { explainSchema } from './schema-explain.js';
import type { Failure } from './transcript.js';

const match = createRouter(routes);
const schemaIds = new Set(allSchemaIds);

/** The route-table entry a request path reaches (undefined for mock-only or unknown paths). */
export function routeOf(method: string, path: string): { method: string; path: string } | undefined {
  const found = match(method, path);
  if (found.kind !== 'route') return undefined;
  const { route } = found.compiled;
  return { method: route.method, path: route.root ? route.path : `/api/v1${route.path}` };
}

/** Whether a route's success is not JSON (its response schema is a string: an avatar image). */
function answersNonJson(method: string, path: string): boolean {
  const found = match(method, path);
  if (found.kind !== 'route') return false;
  const file = schemaById(`endpoints/${found.compiled.route.schema}.json`);
  return (file?.$defs as { response?: { type?: unknown } } | undefined)?.response?.type === 'string';
}

/**
 * Validates one event against src/schemas/events/<type>.json (as of feature level `level` when given);
 * unknown types are not judged.
 */
export function checkEvent(event: unknown, where: string, level?: number): Failure[] {
  const type = (event as { type?: unknown } | null)?.type;
  const id = `events/${String(type)}.json`;
  if (typeof type !== 'string' || !schemaIds.has(id)) return [];
  const validate = level === undefined ? checkValidator(id) : checkValidatorAt(id, level);
  if (validate(event)) return [];
  return [
    {
      kind: 'schema',
      message: `${type} event ${where} breaks ${id}: ${explain(id, event, level).join('; ')}`,
    },
  ];
}

/** Readable lines for data the fast validator refused (explainSchema), or Ajv's own lines should it find nothing. */
function explain(
  ref: string,
  data: unknown,
  level: number | undefined,
  fallback?: ValidateFunction,
): string[] {
  const lines = explainSchema(ref, data, level);
  return lines.length ? lines : describeErrors(fallback?.errors, data);
}

/** The schema failure of a response body (error envelope, or the route's success schema at `level`), if any. */
function bodyFailure(
  method: string,
  path: string,
  status: number,
  body: unknown,
  level?: number,
): string | undefined {
  if (status >= 400) {
    const validate = checkValidator('resources/error.json');
    if (!validate(body))
      return `error body of ${method} ${path} is invalid:\n  ${explain('resources/error.json', body, undefined, validate).join('\n  ')}`;
    if (status !== 500 && typeof (body as { code?: unknown }).code !== 'string')
      return `error body of ${method} ${path} has no code: ${JSON.stringify(body)}`;
    return undefined;
  }
  const found = match(method, path);
  if (found.kind !== 'route') return `success from an unknown route ${method} ${path}`;
  const { schema } = found.compiled.route;
  const file = schema ? schemaById(`endpoints/${schema}.json`) : undefined;
  if (!(file?.$defs as Record<string, unknown> | undefined)?.response)
    return `route ${method} ${path} has no response schema`;
  const ref = `endpoints/${schema}.json#/$defs/response`;
  const validate = level === undefined ? checkValidator(ref) : checkValidatorAt(ref, level);
  if (validate(body)) return undefined;
  return `response of ${method} ${path} is invalid:\n  ${explain(ref, body, level, validate).join('\n  ')}`;
}

function checkSchema(method: string, path: string, status: number, body: unknown, level?: number): Failure[] {
  if (status < 400 && !routeOf(method, path)) return [];
  const events =
    path === '/api/v1/events' && status === 200 ? (body as { events?: unknown }).events : undefined;
  const envelope = Array.isArray(events) ? { ...(body as object), events: [] } : body;
  const out: Failure[] = [];
  const failure = bodyFailure(method, path, status, envelope, level);
  if (failure) out.push({ kind: 'schema', message: failure });
  if (Array.isArray(events)) events.forEach((e, i) => out.push(...checkEvent(e, `/events/${i}`, level)));
  return out;
}

/** The checks every API response must pass, whatever the step expects (schemas as of `level` when given). */
export function checkResponse(
  method: string,
  path: string,
  sentParams: Record<string, unknown>,
  response: { status: number; headers: Record<string, string>; body: unknown },
  level?: number,
): Failure[] {
  const { status, headers, body } = response;
  if (status >= 300 && status < 400) return [];
  if (status < 300 && answersNonJson(method, path)) return [];
  // The control API is not in the route table; mock-only routes that are (invitation acceptance) are judged.
  if (path.startsWith('/svc-mock/') && !routeOf(method, path)) return [];
  const out: Failure[] = [];
  const type = headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type))
    out.push({ kind: 'content-type', message: `Content-Type is "${type}", expected application/json` });
  if (body === null || typeof body !== 'object') {
    out.push({
      kind: 'schema',
      message: `the body is not a JSON object: ${JSON.stringify(body)?.slice(0, 200)}`,
    });
    return out;
  }
  out.push(...checkSchema(method, path, status, body, level));
  const ignored = (body as { ignored_parameters_unsupported?: unknown }).ignored_parameters_unsupported;
  if (Array.isArray(ignored)) {
    const stray = ignored.filter((name) => !(String(name) in sentParams));
    if (stray.length)
      out.push({
        kind: 'ignored-parameters',
        message: `ignored_parameters_unsupported names parameters the request did not send: ${stray.join(', ')}`,
      });
  }
  return out;
}
