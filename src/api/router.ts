/** Matches request paths against the route table with a segment trie (static segments before parameters). */
import { integerParams } from '../generated/schemas.js';
import type { Route } from './route.js';

/** A route prepared for dispatch. */
export interface CompiledRoute {
  route: Route;
  paramNames: string[];
}

interface ParamEdge {
  name: string;
  /** Integer parameters only match digit segments, so `/users/{user_id}` and `/users/{email}` can coexist. */
  integer: boolean;
  node: TrieNode;
}

interface TrieNode {
  static: Map<string, TrieNode>;
  params: ParamEdge[];
  methods: Map<string, CompiledRoute>;
}

/** The result of a lookup: the route, or the methods the path does allow. */
export type RouteMatch =
  | { kind: 'route'; compiled: CompiledRoute; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' }
  /** A segment with a broken percent-escape such as `%zz`. */
  | { kind: 'bad-path' };

const newNode = (): TrieNode => ({ static: new Map(), params: [], methods: new Map() });
const DIGITS = /^\d+$/;

function isIntegerParam(route: Route, name: string): boolean {
  return integerParams[`endpoints/${route.schema}.json`]?.includes(name) ?? false;
}

/** Builds the matcher for a route table. API routes are under `/api/v1`; `root` routes are absolute. */
export function createRouter(routes: readonly Route[]): (method: string, path: string) => RouteMatch {
  const root = newNode();
  for (const route of routes) {
    const full = route.root ? route.path : `/api/v1${route.path}`;
    let node = root;
    const paramNames: string[] = [];
    for (const segment of full.split('/').filter(Boolean)) {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!param) {
        let next = node.static.get(segment);
        if (!next) node.static.set(segment, (next = newNode()));
        node = next;
        continue;
      }
      paramNames.push(param);
      const integer = isIntegerParam(route, param);
      let edge = node.params.find((e) => e.name === param && e.integer === integer);
      if (!edge) {
        edge = { name: param, integer, node: newNode() };
        node.params.push(edge);
        node.params.sort((a, b) => Number(b.integer) - Number(a.integer));
      }
      node = edge.node;
    }
    if (node.methods.has(route.method)) throw new Error(`duplicate route ${route.method} ${full}`);
    node.methods.set(route.method, { route, paramNames });
  }

  const find = (node: TrieNode, segments: string[], i: number, values: string[]): TrieNode | undefined => {
    if (i === segments.length) return node.methods.size ? node : undefined;
    const segment = segments[i]!;
    const exact = node.static.get(segment);
    if (exact) {
      const hit = find(exact, segments, i + 1, values);
      if (hit) return hit;
    }
    for (const edge of node.params) {
      if (edge.integer && !DIGITS.test(segment)) continue;
      values.push(segment);
      const hit = find(edge.node, segments, i + 1, values);
      if (hit) return hit;
      values.pop();
    }
    return undefined;
  };

  // Paths of routes without parameters repeat on every request: their matches are kept (bounded), by method and
  // then by path (no `METHOD path` string made per request).
  const known = new Map<string, Map<string, RouteMatch>>();
  let knownCount = 0;
  const match = (method: string, path: string): RouteMatch => {
    const segments = path.split('/').filter(Boolean);
    let decoded: string[];
    try {
      decoded = segments.map(decodeURIComponent);
    } catch {
      return { kind: 'bad-path' };
    }
    const values: string[] = [];
    const node = find(root, decoded, 0, values);
    if (!node) return { kind: 'not-found' };
    const compiled = node.methods.get(method === 'HEAD' ? 'GET' : method);
    if (!compiled) return { kind: 'method-not-allowed', allowed: [...node.methods.keys()].sort() };
    const pathParams: Record<string, string> = {};
    compiled.paramNames.forEach((name, i) => (pathParams[name] = values[i]!));
    return { kind: 'route', compiled, pathParams };
  };
  return (method, path) => {
    const hit = known.get(method)?.get(path);
    if (hit) return hit;
    const found = match(method, path);
    if (found.kind === 'route' && found.compiled.paramNames.length === 0) {
      if (knownCount >= KNOWN_PATHS) {
        known.clear();
        knownCount = 0;
      }
      let paths = known.get(method);
      if (!paths) known.set(method, (paths = new Map()));
      // Shared by every request of this path: frozen so that no caller can change another's match.
      Object.freeze(found.pathParams);
      paths.set(path, Object.freeze(found));
      knownCount++;
    }
    return found;
  };
}

const KNOWN_PATHS = 1000;
