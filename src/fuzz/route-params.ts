/** What the fuzzer knows of a route's parameters, read from its endpoint schema's `$defs.params`. */
import { schemaById } from '../generated/schemas.js';
import type { Route } from '../api/route.js';

type Schema = Record<string, unknown>;

/** One declared parameter: its JSON types, whether it is required, whether it sits in the path. */
export interface ParamInfo {
  name: string;
  types: ReadonlySet<string>;
  required: boolean;
  inPath: boolean;
  /** Values the schema names (enum, const, default, examples), as form strings. */
  samples: readonly string[];
}

function resolve(ref: string, baseId: string): Schema | undefined {
  const [file, pointer] = ref.split('#');
  let id = baseId;
  if (file) {
    const parts = [...baseId.split('/').slice(0, -1), ...file.split('/')];
    const out: string[] = [];
    for (const part of parts) {
      if (part === '..') out.pop();
      else if (part !== '.') out.push(part);
    }
    id = out.join('/');
  }
  let node: unknown = schemaById(id);
  for (const key of (pointer ?? '').split('/').filter(Boolean)) node = (node as Schema | undefined)?.[key];
  return node as Schema | undefined;
}

function typesOf(
  schema: Schema | undefined,
  baseId: string,
  out: Set<string>,
  samples: Set<string>,
  depth = 0,
): void {
  if (!schema || depth > 10) return;
  if (typeof schema.$ref === 'string') typesOf(resolve(schema.$ref, baseId), baseId, out, samples, depth + 1);
  const named = [
    ...(Array.isArray(schema.enum) ? schema.enum : []),
    ...('const' in schema ? [schema.const] : []),
    ...('default' in schema ? [schema.default] : []),
    ...(Array.isArray(schema.examples) ? schema.examples : []),
  ];
  for (const v of named) samples.add(typeof v === 'string' ? v : JSON.stringify(v));
  const type = schema.type;
  if (typeof type === 'string') out.add(type);
  if (Array.isArray(type)) for (const t of type) out.add(t as string);
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  for (const v of values) out.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
    for (const sub of (schema[key] as Schema[] | undefined) ?? [])
      typesOf(sub, baseId, out, samples, depth + 1);
}

/** The parameters of `route` (path parameters included), from its schema; none when it has no schema. */
export function routeParams(route: Route): ParamInfo[] {
  const inPath = new Set([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const id = `endpoints/${route.schema}.json`;
  const params = route.schema
    ? ((schemaById(id)?.$defs as Schema | undefined)?.params as Schema | undefined)
    : undefined;
  const properties = (params?.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((params?.required as string[] | undefined) ?? []);
  const out: ParamInfo[] = Object.entries(properties).map(([name, sub]) => {
    const types = new Set<string>();
    const samples = new Set<string>();
    typesOf(sub, id, types, samples);
    if (types.size === 0)
      ['string', 'integer', 'number', 'boolean', 'array', 'object'].forEach((t) => types.add(t));
    return {
      name,
      types,
      required: required.has(name) || inPath.has(name),
      inPath: inPath.has(name),
      samples: [...samples],
    };
  });
  for (const name of inPath)
    if (!properties[name])
      out.push({ name, types: new Set(['string']), required: true, inPath: true, samples: [] });
  return out;
}
