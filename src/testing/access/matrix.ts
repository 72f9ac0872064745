/** Runs access-matrix cells: one route, one caller, one object; checks outcome, state and leaks. */
import type { Route } from '../../api/route.js';
import { realmDigest } from '../../fuzz/check.js';
import { exportRealm } from '../../store/export-realm.js';
import type { Mock } from '../../mock/create-mock.js';
import { CAPABILITY_KEYS } from '../../store/events/options.js';
import { authorizationOf, CALLER_IDS, CALLERS, type CallerName } from './callers.js';
import { findLeaks } from './leaks.js';
import { objectId } from './objects.js';
import { compareOutcome, expectedOutcome, VARIANTS, type RouteExpectation, type Variant } from './rules.js';

/** One cell of the matrix. */
export interface Cell {
  route: Route;
  key: string;
  expectation: RouteExpectation;
  caller: CallerName;
  variant: Variant;
}

/** Where cells are sent: the mock (read and reset between cells) and a transport to it. */
export interface MatrixTarget {
  mock: Mock;
  send(path: string, init: RequestInit): Promise<Response>;
}

/** `METHOD /path`, the key of a route in the expectations table. */
export const routeKey = (route: Route): string => `${route.method} ${route.path}`;

/** Every cell of a route: unauthenticated callers once, active callers once per object variant. */
export function cellsOf(route: Route, expectation: RouteExpectation): Cell[] {
  const variants: readonly Variant[] = expectation.object ? VARIANTS[expectation.object] : ['none'];
  const out: Cell[] = [];
  for (const caller of CALLERS) {
    const mine =
      caller === 'none' || caller === 'bad-key' || caller === 'deactivated' ? variants.slice(0, 1) : variants;
    for (const variant of mine) out.push({ route, key: routeKey(route), expectation, caller, variant });
  }
  return out;
}

/** `value` with `$object` and `$self` replaced by the object's id and the caller's user id. */
export function substitute(value: unknown, object: string | number | undefined, self: number): unknown {
  if (value === '$object') return object;
  if (value === '$self') return self;
  if (Array.isArray(value)) return value.map((v) => substitute(v, object, self));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, object, self)]));
  return value;
}

const encode = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const ALL_CAPABILITIES = Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, true]));

/** Sends one cell and returns what is wrong with it (empty when the cell holds). */
export async function runCell(target: MatrixTarget, cell: Cell, fullSnapshot = false): Promise<string[]> {
  const { mock } = target;
  const { route, expectation, caller, variant } = cell;
  const self = CALLER_IDS[caller];
  const account = mock.store.state.users.get(self)!;
  const object = expectation.object ? objectId(mock, expectation.object, variant, caller, self) : undefined;
  const params = substitute(expectation.params ?? {}, object, self) as Record<string, unknown>;
  const pathValues = substitute(expectation.path ?? {}, object, self) as Record<string, unknown>;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(encode(pathValues[name] ?? object ?? '')),
  );
  const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, encode(v)])).toString();
  const headers: Record<string, string> = {};
  const authorization = authorizationOf(caller, account);
  if (authorization) headers.authorization = authorization;
  const isGet = route.method === 'GET';
  if (!isGet) headers['content-type'] = 'application/x-www-form-urlencoded';
  const url = `${route.root ? '' : '/api/v1'}${path}${isGet && form ? `?${form}` : ''}`;
  const active = account.is_active && caller !== 'none' && caller !== 'bad-key';
  const queue = active ? mock.services.queues.register(self, { capabilities: ALL_CAPABILITIES }) : undefined;
  const digest = realmDigest(mock.store);
  const exported = fullSnapshot ? JSON.stringify(exportRealm(mock.store)) : undefined;
  const response = await target.send(url, {
    method: route.method,
    headers,
    redirect: 'manual',
    ...(isGet ? {} : { body: form }),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const problems: string[] = [];
  const expected = expectedOutcome(expectation, route.auth, caller, variant);
  const differs = compareOutcome(expected, response.status, body);
  const where = `${cell.key} as ${caller}${variant === 'none' ? '' : ` (${variant})`}`;
  if (differs) {
    const got =
      typeof body === 'object' && body
        ? `${response.status} ${String((body as { code?: string }).code ?? '')}: ${String((body as { msg?: string }).msg ?? '')}`
        : `${response.status}`;
    problems.push(`${where}: expected ${expected}, got ${got}`);
  }
  if (response.status >= 400 && realmDigest(mock.store) !== digest)
    problems.push(`${where}: refused but the realm changed`);
  else if (
    response.status >= 400 &&
    exported !== undefined &&
    JSON.stringify(exportRealm(mock.store)) !== exported
  )
    problems.push(`${where}: refused but the exported realm differs`);
  if (expectation.rule !== 'control') {
    const allowed = new Set(expectation.leaks ?? []);
    for (const name of findLeaks(caller, text).filter((n) => !allowed.has(n)))
      problems.push(`${where}: the answer holds the ${name} marker`);
    const events = queue ? JSON.stringify(queue.contents()) : '';
    for (const name of findLeaks(caller, events).filter((n) => !allowed.has(n)))
      problems.push(`${where}: an event holds the ${name} marker`);
  }
  if (queue) mock.services.queues.remove(queue);
  return problems;
}

/**
 * Runs cells in order, resetting the mock after any cell that changed it (or may have); returns the problems.
 * A refusal must leave the change counter and table sizes as they were; on every third request that is not a
 * GET, the whole exported realm too.
 */
export async function runCells(target: MatrixTarget, cells: readonly Cell[]): Promise<string[]> {
  const problems: string[] = [];
  let writes = 0;
  for (const cell of cells) {
    const before = realmDigest(target.mock.store);
    const write = cell.route.method !== 'GET';
    problems.push(...(await runCell(target, cell, write && writes++ % 3 === 0)));
    // Queues and invitations made for a cell, faults and clock moves are undone too.
    if (cell.route.method !== 'GET' || realmDigest(target.mock.store) !== before || cell.expectation.object) {
      target.mock.faults.clear();
      target.mock.reset();
    }
  }
  return problems;
}
