/**
 * The realm registry's control routes: `POST /svc-mock/realms` (create), `GET /svc-mock/realms` (list),
 * `DELETE /svc-mock/realms/{subdomain}`. They act on the server's set of realms, not on one realm, so they are
 * answered in front of the realms' dispatchers and answer the same on every host.
 */
import { loadBody } from '../api/body.js';
import { ApiError, errors } from '../api/errors/index.js';
import { BodyTooLargeError, type ApiRequest, type ApiResponse } from '../api/route.js';
import type { AppServices } from '../api/services.js';
import type { RealmRegistry } from './realms.js';
import type { RealmSource } from './realm-sources.js';

const PATH = '/svc-mock/realms';
const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** Whether `path` is one of the realm registry's routes. */
export function isRealmRoute(path: string): boolean {
  return path === PATH || path.startsWith(`${PATH}/`);
}

const success = (fields: Record<string, unknown>): ApiResponse => ({
  status: 200,
  headers: JSON_HEADERS,
  body: { result: 'success', msg: '', ...fields },
});

/** The POST body: JSON (`{subdomain, source}`) or form fields (`source` may then hold JSON text). */
function createParams(request: ApiRequest, body: Uint8Array | string | null): Record<string, unknown> {
  const text = typeof body === 'string' ? body : body ? new TextDecoder().decode(body) : '';
  if (!text.trim()) return {};
  const type = (request.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw errors.malformedJsonBody();
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw errors.badRequest('Send a JSON object: {"subdomain": ..., "source": ...}');
    return parsed as Record<string, unknown>;
  }
  const form = new URLSearchParams(text);
  const params: Record<string, unknown> = {};
  for (const name of ['subdomain', 'source', 'feature_level']) {
    const value = form.get(name);
    if (value === null) continue;
    if (name === 'source' && /^\s*[[{]/.test(value)) {
      try {
        params.source = JSON.parse(value);
      } catch {
        throw errors.notValidJson('source');
      }
    } else params[name] = name === 'feature_level' && /^\d+$/.test(value) ? Number(value) : value;
  }
  return params;
}

async function create(registry: RealmRegistry, request: ApiRequest, services: AppServices) {
  let body;
  try {
    const loading = loadBody(request, services.limits.maxUploadBody);
    body = loading instanceof Promise ? await loading : loading;
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw errors.payloadTooLarge(error.limit);
    throw error;
  }
  const params = createParams(request, body);
  const { subdomain, source, feature_level: featureLevel } = params;
  if (subdomain !== undefined && typeof subdomain !== 'string')
    throw errors.badRequest('subdomain must be a string');
  if (featureLevel !== undefined && typeof featureLevel !== 'number')
    throw errors.badRequest('feature_level must be an integer');
  const realm = await registry.create({
    subdomain,
    source: source as RealmSource | undefined,
    featureLevel,
  });
  return success({
    subdomain: realm.subdomain,
    realm_url: realm.store.state.realm.url,
    feature_level: realm.services.featureLevel,
    accounts: realm.accounts(),
  });
}

/** Answers a realm route (see {@link isRealmRoute}); errors come back in the API's envelope. */
export async function answerRealmRoute(
  registry: RealmRegistry,
  request: ApiRequest,
  services: AppServices,
): Promise<ApiResponse> {
  const method = request.method.toUpperCase();
  try {
    if (request.path === PATH) {
      if (method === 'GET') return success({ realms: registry.list() });
      if (method === 'POST') return await create(registry, request, services);
      throw errors.methodNotAllowed(['GET', 'POST']);
    }
    const raw = request.path.slice(PATH.length + 1);
    let subdomain: string;
    try {
      subdomain = decodeURIComponent(raw);
    } catch {
      throw errors.noSuchRealm(raw);
    }
    if (subdomain.includes('/')) throw errors.noSuchEndpoint(request.method, request.path);
    if (method !== 'DELETE') throw errors.methodNotAllowed(['DELETE']);
    if (!registry.delete(subdomain)) throw errors.noSuchRealm(subdomain);
    return success({});
  } catch (error) {
    const apiError = error instanceof ApiError ? error : errors.internal();
    if (!(error instanceof ApiError))
      services.logError(`svc-mock: unexpected error in ${request.method} ${request.path}`, error);
    return {
      status: apiError.status,
      headers: { ...JSON_HEADERS, ...apiError.headers },
      body: apiError.body(),
    };
  }
}
