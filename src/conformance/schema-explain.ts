/**
 * Readable schema failures: every line names the JSON pointer and the keyword that failed; `not`, `anyOf` and
 * `oneOf` name the field that made them fail; one cause hitting many array elements is printed once, with the
 * count (`/members/*\/is_billing_admin: present, but must not be (not) (147 elements)`).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { allSchemas } from '../generated/schemas.js';
import { schemasAtLevel } from '../schema/level-schemas.js';

type Schema = Record<string, unknown>;

// A verbose instance (errors carry their data and subschema) per level, made on the first failure only.
const verbose = new Map<string, Ajv>();

function verboseAjv(level?: number): Ajv {
  const key = level === undefined ? 'newest' : String(level);
  let ajv = verbose.get(key);
  if (!ajv) {
    const schemas = level === undefined ? allSchemas() : schemasAtLevel(level);
    ajv = new Ajv({
      strict: false,
      allErrors: true,
      verbose: true,
      validateSchema: false,
      schemas: [...schemas],
    });
    verbose.set(key, ajv);
  }
  return ajv;
}

const preview = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const child = (pointer: string, name: string): string =>
  `${pointer === '/' ? '' : pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What in `data` makes it valid against `schema` (the subschema of a `not`): field names, values, types. */
function whyMatches(schema: unknown, data: unknown, pointer: string, ajv: Ajv): string[] {
  if (!isObject(schema)) return [];
  const out: string[] = [];
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (isObject(data))
    for (const name of required)
      if (name in data) out.push(`${child(pointer, name)}: present, but must not be`);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      let matches = false;
      try {
        matches = ajv.validate(branch as Schema, data);
      } catch {
        matches = false;
      }
      if (matches) out.push(...whyMatches(branch, data, pointer, ajv));
    }
  }
  if (isObject(schema.properties) && isObject(data))
    for (const [name, sub] of Object.entries(schema.properties))
      if (name in data && isObject(sub) && ('const' in sub || 'enum' in sub))
        out.push(`${child(pointer, name)}: ${preview(data[name])} is a value it must not have`);
  if ('const' in schema || 'enum' in schema)
    out.push(`${pointer}: ${preview(data)} is a value it must not have`);
  if (typeof schema.type === 'string' && !out.length) out.push(`${pointer}: must not be ${schema.type}`);
  return out;
}

/** Index of the alternative (of an `anyOf`/`oneOf` at `path`) that an error below it belongs to. */
const branchOf = (error: ErrorObject, path: string): number =>
  Number(error.schemaPath.slice(path.length + 1).split('/')[0]);

/** Lines for a list of errors (the top level, or the nearest alternative of a composite). */
function explainErrors(errors: ErrorObject[], ajv: Ajv): string[] {
  const claimed = new Set<number>();
  const lines: Array<{ at: number; texts: string[] }> = [];
  // From the end: an outer composite comes after its alternatives' errors, nested composites among them.
  for (let i = errors.length - 1; i >= 0; i--) {
    const error = errors[i]!;
    if (claimed.has(i) || (error.keyword !== 'anyOf' && error.keyword !== 'oneOf')) continue;
    // The alternatives' own errors come right before their composite's (Ajv drops them when one passes).
    const inner: ErrorObject[] = [];
    for (let j = i - 1; j >= 0; j--) {
      const e = errors[j]!;
      if (!e.schemaPath.startsWith(`${error.schemaPath}/`) || !e.instancePath.startsWith(error.instancePath))
        break;
      claimed.add(j);
      inner.unshift(e);
    }
    lines.push({ at: i, texts: explainComposite(error, inner, ajv) });
    claimed.add(i);
  }
  errors.forEach((error, i) => {
    if (!claimed.has(i) && error.keyword !== 'if') lines.push({ at: i, texts: explainOne(error, ajv) });
  });
  return lines.sort((a, b) => a.at - b.at).flatMap((l) => l.texts);
}

/** How far into the data an error points (a missing or extra property counts as its own pointer). */
const reach = (e: ErrorObject): number => {
  const name =
    (e.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
    (e.params as { additionalProperty?: string }).additionalProperty;
  return e.instancePath.split('/').length + (name === undefined ? 0 : 1);
};

/** Errors saying the data is another kind of thing (wrong type or discriminating value): the alternative is not meant. */
const offKind = (list: ErrorObject[]): number =>
  list.filter((e) => ['type', 'const', 'enum'].includes(e.keyword)).length;

function explainComposite(error: ErrorObject, inner: ErrorObject[], ajv: Ajv): string[] {
  const pointer = error.instancePath || '/';
  const branches = (error.schema as unknown[] | undefined) ?? [];
  const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
  if (error.keyword === 'oneOf' && passing?.length) {
    const why = passing.flatMap((k) =>
      whyMatches(branches[k], error.data, pointer, ajv).map((w) => w.replace(/, but must not be$/, '')),
    );
    return [
      `${pointer}: matches alternatives ${passing.map((k) => `#${k}`).join(' and ')}, but oneOf allows exactly one` +
        (why.length ? ` (${why.join(', ')})` : ''),
    ];
  }
  const byBranch = new Map<number, ErrorObject[]>();
  for (const e of inner)
    byBranch.set(branchOf(e, error.schemaPath), [...(byBranch.get(branchOf(e, error.schemaPath)) ?? []), e]);
  // The nearest alternative: fewest errors of kind (type, const, enum), then deepest reach, then fewest errors.
  const depth = (list: ErrorObject[]) => Math.max(...list.map(reach));
  const nearest = [...byBranch].sort(
    ([, a], [, b]) => offKind(a) - offKind(b) || depth(b) - depth(a) || a.length - b.length,
  )[0];
  const head = `${pointer}: matches none of the ${branches.length || byBranch.size} alternatives (${error.keyword})`;
  if (!nearest) return [head];
  return [`${head}; nearest #${nearest[0]}: ${explainErrors(nearest[1], ajv).join('; ')}`];
}

function explainOne(error: ErrorObject, ajv: Ajv): string[] {
  const pointer = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'not': {
      const why = whyMatches(error.schema, error.data, pointer, ajv);
      return why.length
        ? why.map((w) => `${w} (not)`)
        : [`${pointer}: must NOT be valid against ${preview(error.schema)} (not)`];
    }
    case 'required':
      return [`${child(pointer, String(params.missingProperty))}: missing (required)`];
    case 'additionalProperties':
      return [
        `${child(pointer, String(params.additionalProperty))}: not allowed here (additionalProperties)`,
      ];
    case 'const':
      return [`${pointer}: must be ${preview(params.allowedValue)}, got ${preview(error.data)} (const)`];
    case 'enum':
      return [
        `${pointer}: must be one of ${preview(params.allowedValues)}, got ${preview(error.data)} (enum)`,
      ];
    case 'type':
      return [`${pointer}: must be ${String(params.type)}, got ${preview(error.data)} (type)`];
    default:
      return [`${pointer}: ${error.message ?? error.keyword}, got ${preview(error.data)} (${error.keyword})`];
  }
}

/** A line with every array index of its pointers as `*` (the same cause at another element reads the same). */
const generalise = (line: string): string => line.replace(/\/\d+(?=[/:\s]|$)/g, '/*');

/** Lines that repeat a cause for many array elements become one, with the count of elements it hit. */
export function groupLines(lines: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const line of lines) groups.set(generalise(line), [...(groups.get(generalise(line)) ?? []), line]);
  return [...groups].map(([general, list]) => {
    const distinct = new Set(list);
    return distinct.size > 1 ? `${general} (${distinct.size} elements)` : list[0]!;
  });
}

/**
 * The readable failure lines of `data` against the schema `ref` (at feature level `level`, else the newest),
 * or [] when it is valid.
 * @example
 * explainSchema('endpoints/get-users.json#/$defs/response', body) // ['/members/*\/is_billing_admin: present, ...']
 */
export function explainSchema(ref: string, data: unknown, level?: number): string[] {
  const ajv = verboseAjv(level);
  return explainWith(ajv.getSchema(ref), data, ajv);
}

const compiled = new WeakMap<object, ValidateFunction>();

/** The readable failure lines of `data` against a schema object (which may `$ref` the project's schemas). */
export function explainAgainst(schema: Schema, data: unknown): string[] {
  const ajv = verboseAjv();
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return explainWith(validate, data, ajv);
}

function explainWith(validate: ValidateFunction | undefined, data: unknown, ajv: Ajv): string[] {
  if (!validate || validate(data)) return [];
  return groupLines(explainErrors(validate.errors ?? [], ajv).filter(Boolean));
}
