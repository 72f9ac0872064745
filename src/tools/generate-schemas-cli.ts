/** `npm run gen`: rewrites the generated schema module and types. */
import { writeFileSync } from 'node:fs';
import { generateSchemaModule, generateTypes, readSchemaFiles } from './generate-schemas.js';
import { generateRealmValidatorModule } from './realm-validators.js';

const files = readSchemaFiles();
const out = new URL('../generated/', import.meta.url).pathname;
writeFileSync(out + 'schemas.ts', generateSchemaModule(files));
writeFileSync(out + 'types.ts', await generateTypes(files));
writeFileSync(out + 'realm-validators.ts', generateRealmValidatorModule(files.map(([, schema]) => schema)));
console.log(`Generated types and schema module from ${files.length} schema files.`);
