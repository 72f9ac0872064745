/** A generated hostile request ("fuzz case") per route of the route table. */
import fc from 'fast-check';
import type { Route } from '../api/route.js';
import { routeParams, type ParamInfo } from './route-params.js';
import { hostileValue, NAMED_SAMPLES, NOT_ANY_JSON, oddNumber, oddString, plausibleValue } from './values.js';

/** Who sends the request. */
export type Caller = 'member' | 'guest' | 'admin' | 'none' | 'bad-key';

/** How the parameters travel. */
export type BodyKind = 'form' | 'multipart' | 'json' | 'query' | 'text' | 'none';

/** One request, with the reason it must be refused when it is invalid by construction. */
export interface FuzzCase {
  /** `METHOD /path` of the route table. */
  route: string;
  method: string;
  /** Path parameters, raw (encoded when the URL is built). */
  pathParams: Record<string, string>;
  /** Parameters in order; a name may repeat. */
  entries: Array<[string, string]>;
  body: BodyKind;
  /** Content-Type sent, when it is not the one that matches `body`. */
  contentType?: string;
  /** Keep only this fraction of the body's bytes. */
  truncate?: number;
  caller: Caller;
  /** Why the request must get a 4xx, or null when it may legitimately succeed. */
  mustRefuse: string | null;
  /**
   * Why the request must leave the realm as it was even if it succeeds (an id that does not exist or is
   * another user's: the server may answer a request that changes nothing without looking the id up).
   */
  mustNotChange: string | null;
}

/** Shortens long runs of one character (`"x"×12000`) so a failing case prints readably. */
function compact(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > 200 ? `${value.slice(0, 40)}…(${value.length} UTF-16 units in all)` : value;
  if (Array.isArray(value)) return value.map(compact);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
}

function withCompactPrint(c: FuzzCase): FuzzCase {
  Object.defineProperty(c, fc.toStringMethod, { value: () => JSON.stringify(compact(c)), enumerable: false });
  return c;
}

type Mutation =
  | 'hostile'
  | 'one-hostile'
  | 'unauthenticated'
  | 'unknown-id'
  | 'drop-required'
  | 'wrong-type'
  | 'foreign-id';

/** One of `choices`, each as often as its weight (weight 0: never). */
function weighted<T>(choices: Array<[T, number]>): fc.Arbitrary<T> {
  return fc.oneof(
    ...choices.filter(([, w]) => w > 0).map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })),
  );
}

/** Route key as used on the command line: `POST /messages`. */
export const routeKey = (route: Route): string => `${route.method} ${route.path}`;

/** Path parameters that name another user's personal objects (ids 1–3 in the dev realm are not othello's). */
const FOREIGN_ID_PARAMS = new Set(['draft_id', 'saved_snippet_id', 'scheduled_message_id']);
const isIdParam = (p: ParamInfo): boolean =>
  p.inPath && (p.types.has('integer') || p.name.endsWith('_id')) && !p.types.has('string');

function pathValue(): fc.Arbitrary<string> {
  const ids = fc.constantFrom('1', '2', '3', '10', '12', '999999', '2147483648');
  return fc.oneof({ arbitrary: ids, weight: 3 }, oddNumber, oddString);
}

const UNKNOWN_KEYS = fc.constantFrom(
  'unknown_param',
  '__proto__',
  'constructor',
  'toString',
  '',
  'ünï\u0000',
);

/** Fuzz cases of one route. */
export function fuzzCase(route: Route): fc.Arbitrary<FuzzCase> {
  const params = routeParams(route);
  const inPath = params.filter((p) => p.inPath);
  const declared = params.filter((p) => !p.inPath);
  const requiredDeclared = declared.filter((p) => p.required);
  const typedDeclared = declared.filter((p) => !p.types.has('string'));
  const getLike = route.method === 'GET';

  const mutation = weighted<Mutation>([
    ['hostile', 2],
    ['one-hostile', 3],
    ['unauthenticated', 1],
    ['unknown-id', 1],
    ['drop-required', requiredDeclared.length ? 1 : 0],
    ['wrong-type', typedDeclared.length ? 1 : 0],
    ['foreign-id', inPath.some((p) => FOREIGN_ID_PARAMS.has(p.name)) ? 1 : 0],
  ]);
  const values = fc.tuple(
    ...declared.map((p) =>
      fc.oneof(
        { arbitrary: fc.constant<string | undefined>(undefined), weight: p.required ? 1 : 3 },
        { arbitrary: plausibleValue(p.types, [...p.samples, ...(NAMED_SAMPLES[p.name] ?? [])]), weight: 4 },
        { arbitrary: hostileValue, weight: 2 },
      ),
    ),
  );
  // Every required parameter well-formed: with one hostile value swapped in, a case reaches the handler.
  const plausibles = fc.tuple(
    ...declared.map((p) => {
      const value = plausibleValue(p.types, [...p.samples, ...(NAMED_SAMPLES[p.name] ?? [])]);
      return p.required ? value : fc.option(value, { nil: undefined, freq: 2 });
    }),
  );
  const paths = fc.tuple(...inPath.map(() => pathValue()));
  const extras = fc.array(
    fc.oneof(
      fc.tuple(UNKNOWN_KEYS, hostileValue),
      declared.length
        ? fc.tuple(fc.constantFrom(...declared.map((p) => p.name)), hostileValue)
        : fc.tuple(UNKNOWN_KEYS, hostileValue),
    ),
    { maxLength: 3 },
  );
  const body: fc.Arbitrary<BodyKind> = getLike
    ? fc.constant('query')
    : weighted<BodyKind>([
        ['form', 5],
        ['multipart', 2],
        ['json', 1],
        ['query', 1],
        ['text', 1],
        ['none', 1],
      ]);
  const contentType = fc.oneof(
    { arbitrary: fc.constant(null), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/octet-stream',
        'application/x-www-form-urlencoded; charset=utf-16',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=nope',
        'application/json',
        'image/png',
        '',
      ),
      weight: 1,
    },
  );
  const truncate = fc.oneof(
    { arbitrary: fc.constant(null), weight: 6 },
    { arbitrary: fc.double({ min: 0, max: 0.99, noNaN: true }), weight: 1 },
  );
  const caller = weighted<Caller>([
    ['member', 6],
    ['guest', 2],
    ['admin', 1],
    ['none', 1],
    ['bad-key', 1],
  ]);

  return fc
    .record({
      mutation,
      values,
      plausibles,
      oneHostile: hostileValue,
      paths,
      extras,
      body,
      contentType,
      truncate,
      caller,
      pick: fc.nat(),
    })
    .map((g) => {
      const entries: Array<[string, string]> = [];
      const chosen = g.mutation === 'one-hostile' ? [...g.plausibles] : g.values;
      if (g.mutation === 'one-hostile' && declared.length) chosen[g.pick % declared.length] = g.oneHostile;
      declared.forEach((p, i) => {
        const value = chosen[i];
        if (value !== undefined) entries.push([p.name, value]);
      });
      const pathParams: Record<string, string> = {};
      inPath.forEach((p, i) => (pathParams[p.name] = g.paths[i]!));
      let caller = g.caller;
      let extraEntries = g.extras;
      let mustRefuse: string | null = null;
      let mustNotChange: string | null = null;
      if (g.mutation === 'drop-required') {
        const dropped = requiredDeclared[g.pick % requiredDeclared.length]!;
        for (let i = entries.length - 1; i >= 0; i--)
          if (entries[i]![0] === dropped.name) entries.splice(i, 1);
        extraEntries = extraEntries.filter(([k]) => k !== dropped.name);
        mustRefuse = `required parameter ${dropped.name} missing`;
      } else if (g.mutation === 'wrong-type') {
        const target = typedDeclared[g.pick % typedDeclared.length]!;
        for (let i = entries.length - 1; i >= 0; i--)
          if (entries[i]![0] === target.name) entries.splice(i, 1);
        extraEntries = extraEntries.filter(([k]) => k !== target.name);
        entries.push([target.name, NOT_ANY_JSON]);
        mustRefuse = `${target.name} (${[...target.types].join('|')}) given text that is not JSON`;
      } else if (g.mutation === 'unauthenticated') {
        caller = g.pick % 2 ? 'none' : 'bad-key';
      } else if (g.mutation === 'unknown-id') {
        const ids = inPath.filter(isIdParam);
        if (ids.length) {
          pathParams[ids[g.pick % ids.length]!.name] = '999999';
          mustNotChange = 'an id that does not exist';
        }
      } else if (g.mutation === 'foreign-id') {
        const p = inPath.find((q) => FOREIGN_ID_PARAMS.has(q.name))!;
        pathParams[p.name] = String(1 + (g.pick % 3));
        caller = 'member';
        mustNotChange = `${p.name} of another user`;
      }
      const truncated = g.truncate !== null && g.body !== 'query' && g.body !== 'none';
      // A wrong-typed value only counts when the parameters arrive intact (query, or a well-formed form body).
      const arrives =
        g.body === 'query' ||
        ((g.body === 'form' || g.body === 'multipart') && g.contentType === null && !truncated);
      if (g.mutation === 'wrong-type' && !arrives && mustRefuse?.includes('given text')) mustRefuse = null;
      if (route.auth === 'user' && (caller === 'none' || caller === 'bad-key'))
        mustRefuse ??= `${caller === 'none' ? 'no' : 'wrong'} credentials`;
      return withCompactPrint({
        route: routeKey(route),
        method: route.method,
        pathParams,
        entries: [...entries, ...extraEntries],
        body: g.body,
        ...(g.contentType !== null && g.body !== 'query' && g.body !== 'none'
          ? { contentType: g.contentType }
          : {}),
        ...(truncated ? { truncate: g.truncate! } : {}),
        caller,
        mustRefuse,
        mustNotChange,
      });
    });
}
