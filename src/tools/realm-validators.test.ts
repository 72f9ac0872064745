import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import * as precompiled from '../generated/realm-validators.js';
import { inputValidator } from '../schema/validator.js';
import { readSchemaFiles } from './generate-schemas.js';
import { generateRealmValidatorModule, REALM_VALIDATORS } from './realm-validators.js';

const generated = readFileSync(new URL('../generated/realm-validators.ts', import.meta.url), 'utf8');
const devRealm = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

/** Runs a validator on a copy; returns the verdict, the error lines and the data with its defaults filled in. */
function outcome(
  validate: ValidateFunction,
  data: unknown,
): { ok: boolean; errors: string[]; data: unknown } {
  const copy = structuredClone(data);
  const ok = validate(copy);
  const errors = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${e.message ?? ''}`);
  return { ok, errors: ok ? [] : errors, data: copy };
}

describe('precompiled realm validators', () => {
  it('src/generated/realm-validators.ts matches the schemas (run `npm run gen` after editing src/schemas)', () => {
    const schemas = readSchemaFiles().map(([, schema]) => schema);
    expect(generateRealmValidatorModule(schemas)).toBe(generated);
  });

  it('give the verdict, errors and defaults of the Ajv-compiled input validators', () => {
    const valid = devRealm();
    const broken = devRealm();
    const users = broken.users as Array<Record<string, unknown>>;
    users[0]!.role = 'emperor';
    users[1]!.full_name = '';
    (broken.messages as Array<Record<string, unknown>>)[0]!.sender_id = 'nobody';
    broken.unknown_key = 1;
    const settings = { waiting_period_threshold: 'soon' };
    for (const [name, ref] of Object.entries(REALM_VALIDATORS)) {
      const fast = precompiled[name as keyof typeof precompiled] as unknown as ValidateFunction;
      const slow = inputValidator(ref);
      const cases = name === 'realm' ? [valid, broken] : [{}, settings];
      for (const data of cases) expect(outcome(fast, data)).toEqual(outcome(slow, data));
    }
    expect(
      outcome(precompiled.realm as unknown as ValidateFunction, broken).errors.length,
    ).toBeGreaterThanOrEqual(4);
    expect(outcome(precompiled.realm as unknown as ValidateFunction, valid).ok).toBe(true);
  });
});
