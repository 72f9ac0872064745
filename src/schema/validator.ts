/** Ajv instances over the schemas of src/schemas: one that fills defaults (input), one that only checks (output). */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { schemaById } from '../generated/schemas.js';
import { ajvClass } from './ajv-class.js';

type Schema = Record<string, unknown>;

/** The ids of the schema files a schema's `$ref`s point into (relative references resolved against its id). */
function referencedIds(schema: Schema): Set<string> {
  const base = `file:///${schema.$id as string}`;
  const ids = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#'))
        ids.add(decodeURIComponent(new URL(value.split('#')[0]!, base).pathname.slice(1)));
      else walk(value);
    }
  };
  walk(schema);
  return ids;
}

/**
 * An Ajv instance that holds the schemas a reference needs: its file and every file reachable by `$ref`, each
 * added (and checked against the meta-schema) on first use. Adding all of src/schemas up front cost about
 * 60 ms, paid by the first request of a started server; the validators compiled are the same.
 */
class SchemaSet {
  private readonly ajv: Ajv;
  private readonly added = new Set<string>();

  constructor(useDefaults: boolean) {
    this.ajv = new (ajvClass())({ strict: false, allErrors: true, useDefaults, validateSchema: false });
  }

  /** The compiled validator of `ref` (`file.json` or `file.json#/pointer`). */
  validator(ref: string): ValidateFunction {
    this.add(ref.split('#')[0]!);
    const validate = this.ajv.getSchema(ref);
    if (!validate) throw new Error(`unknown schema ${ref}`);
    return validate;
  }

  private add(id: string): void {
    const pending = [id];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const schema = schemaById(next);
      if (!schema || this.added.has(next)) continue;
      this.added.add(next);
      this.ajv.addSchema(schema);
      pending.push(...referencedIds(schema));
    }
  }
}

let inputSchemas: SchemaSet | undefined;
let checkSchemas: SchemaSet | undefined;

/** The subschema a reference names (`file.json#/json/pointer`), if the file and the pointer exist. */
function schemaAt(ref: string): unknown {
  const [id, pointer = ''] = ref.split('#');
  let node: unknown = schemaById(id!);
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Schema)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** Keywords of an object schema that accept `{}` as it is. */
const EMPTY_ACCEPTING = new Set([
  'title',
  'description',
  '$comment',
  'type',
  'properties',
  'additionalProperties',
]);

/**
 * An object schema that accepts an empty object and fills nothing into it: no keyword but those above, and
 * no `default` (nor a `$ref` that could bring one) in its properties.
 */
function acceptsEmptyObject(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || (schema as Schema).type !== 'object') return false;
  if (!Object.keys(schema).every((key) => EMPTY_ACCEPTING.has(key))) return false;
  return !/"(default|\$ref)"/.test(JSON.stringify((schema as Schema).properties ?? {}));
}

/** An object with no enumerable key, as Ajv's additionalProperties loop sees it. */
function isEmptyObject(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  for (const _key in data) return false;
  return true;
}

/**
 * The validator of a schema that accepts `{}` unchanged: answers `{}` itself and compiles the schema on the
 * first other data. Requests without parameters (GET /server_settings, the first request of a started
 * server) then need no Ajv instance nor compiled schema.
 */
function compiledOnFirstNonEmpty(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown): boolean => {
    if (isEmptyObject(data)) {
      validate.errors = null;
      return true;
    }
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid as boolean;
  }) as ValidateFunction;
  return validate;
}

/** A validator that also fills schema defaults into the data (request parameters, fixtures). */
export function inputValidator(ref: string): ValidateFunction {
  const compile = (): ValidateFunction => (inputSchemas ??= new SchemaSet(true)).validator(ref);
  return acceptsEmptyObject(schemaAt(ref)) ? compiledOnFirstNonEmpty(compile) : compile();
}

/** A validator that leaves the data untouched (responses, events, conformance checks). */
export function checkValidator(ref: string): ValidateFunction {
  return (checkSchemas ??= new SchemaSet(false)).validator(ref);
}

/** The value at a JSON pointer inside `data` (undefined when the path does not exist). */
function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const preview = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * One line per Ajv error: `/path/to/field: message`, naming the expected value (`const`, `enum`) and, when
 * the validated `data` is given, the value found.
 */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined, data?: unknown): string[] {
  return (errors ?? []).map((e) => {
    const params = e.params as {
      additionalProperty?: string;
      allowedValues?: unknown[];
      allowedValue?: unknown;
    };
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String(params.additionalProperty)})`
        : e.keyword === 'enum'
          ? ` (${JSON.stringify(params.allowedValues)})`
          : e.keyword === 'const'
            ? ` ${JSON.stringify(params.allowedValue)}`
            : '';
    const found =
      data !== undefined && ['const', 'enum', 'type'].includes(e.keyword)
        ? `, got ${preview(valueAt(data, e.instancePath))}`
        : '';
    return `${e.instancePath || '/'}: ${e.message ?? e.keyword}${extra}${found}`;
  });
}
