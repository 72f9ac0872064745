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

/** One line per Ajv error: `/path/to/field: message`. */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty: string }).additionalProperty)})`
        : e.keyword === 'enum'
          ? ` (${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)})`
          : '';
    return `${e.instancePath || '/'}: ${e.message ?? e.keyword}${extra}`;
  });
}
