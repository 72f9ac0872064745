import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchemaModule, generateTypes, readSchemaFiles } from './generate-schemas.js';

const read = (name: string): string => readFileSync(new URL(`../generated/${name}`, import.meta.url), 'utf8');

describe('generated files', () => {
  it('src/generated/types.ts matches the schemas (run `npm run gen` after editing src/schemas)', async () => {
    expect(await generateTypes(readSchemaFiles())).toBe(read('types.ts'));
  });

  it('src/generated/schemas.ts matches the schemas (run `npm run gen` after editing src/schemas)', () => {
    expect(generateSchemaModule(readSchemaFiles())).toBe(read('schemas.ts'));
  });
});
