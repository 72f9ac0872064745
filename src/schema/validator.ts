/** Ajv instances over every schema in src/schemas: one that fills defaults (input), one that only checks (output). */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { schemas } from '../generated/schemas.js';

function createAjv(useDefaults: boolean): Ajv {
  return new Ajv({ strict: false, allErrors: true, useDefaults, schemas: [...schemas] });
}

let inputAjv: Ajv | undefined;
let checkAjv: Ajv | undefined;

/** A validator that also fills schema defaults into the data (request parameters, fixtures). */
export function inputValidator(ref: string): ValidateFunction {
  inputAjv ??= createAjv(true);
  const validate = inputAjv.getSchema(ref);
  if (!validate) throw new Error(`unknown schema ${ref}`);
  return validate;
}

/** A validator that leaves the data untouched (responses, events, conformance checks). */
export function checkValidator(ref: string): ValidateFunction {
  checkAjv ??= createAjv(false);
  const validate = checkAjv.getSchema(ref);
  if (!validate) throw new Error(`unknown schema ${ref}`);
  return validate;
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
