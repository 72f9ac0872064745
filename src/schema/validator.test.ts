// The shared validators add schemas on first use (a reference's file and what it $refs): every schema is still
// checked against the meta-schema here, and references across files resolve as they did with all schemas added.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { allSchemas } from '../generated/schemas.js';

const schemas = allSchemas();
import { checkValidator, inputValidator } from './validator.js';

describe('schema validators', () => {
  it('every schema of src/schemas is valid against its meta-schema', () => {
    const ajv = new Ajv({ strict: false });
    const invalid = schemas.filter((schema) => !ajv.validateSchema(schema));
    expect(invalid.map((schema) => schema.$id)).toEqual([]);
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('compiles a definition inside a file (common.json#/$defs/...)', () => {
    const validate = checkValidator('common.json#/$defs/GroupSettingValue');
    expect(validate(3)).toBe(true);
    expect(validate({ direct_members: [1], direct_subgroups: [] })).toBe(true);
    expect(validate({ direct_members: [1] })).toBe(false);
  });

  it('fills defaults with the input validator and leaves data alone with the check validator', () => {
    const id = 'resources/realm-settings.json';
    const filled: Record<string, unknown> = {};
    expect(inputValidator(id)(filled)).toBe(true);
    expect(Object.keys(filled).length).toBeGreaterThan(0);
    const untouched: Record<string, unknown> = {};
    expect(checkValidator(id)(untouched)).toBe(true);
    expect(untouched).toEqual({});
  });

  it('validates through $refs into other files: an endpoint answer referring to resources', () => {
    const validate = checkValidator('endpoints/get-server-settings.json#/$defs/response');
    expect(validate({ result: 'success' })).toBe(false);
    expect(validate.errors?.length).toBeGreaterThan(0);
  });

  it("answers every endpoint's parameters as a validator compiled up front does, with or without parameters", () => {
    const reference = new Ajv({ strict: false, allErrors: true, useDefaults: true, schemas: [...schemas] });
    const refs = schemas
      .filter((schema) => (schema.$defs as Record<string, unknown> | undefined)?.params)
      .map((schema) => `${String(schema.$id)}#/$defs/params`);
    expect(refs).toContain('endpoints/get-server-settings.json#/$defs/params');
    const inputs = (): unknown[] => [{}, { anchor: 'newest' }, { unexpected_key: 1 }, [], null, 'text'];
    for (const ref of refs) {
      const ours = inputValidator(ref);
      const theirs = reference.getSchema(ref)!;
      const [mine, expected] = [inputs(), inputs()];
      mine.forEach((data, i) => {
        const valid = ours(data);
        expect(valid, `${ref} ${JSON.stringify(expected[i])}`).toBe(theirs(expected[i]));
        expect(ours.errors ?? null).toEqual(theirs.errors ?? null);
        expect(data, `${ref}: defaults filled in`).toEqual(expected[i]);
      });
    }
  });

  it('throws for an unknown schema, whether its file or its pointer is unknown', () => {
    expect(() => inputValidator('no-such-file.json')).toThrow(/unknown schema/);
    expect(() => checkValidator('common.json#/$defs/NoSuchDefinition')).toThrow();
  });
});
