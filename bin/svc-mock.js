#!/usr/bin/env node
// The CLI is compiled to dist/ by `npm install` (the prepare script): dist/cli/ by tsc, and dist/cli-bundle/, the
// same code bundled into a few files (start-up: node links a few files instead of hundreds). The bundle is used
// when it is there; dist/cli/ otherwise (e.g. after a bare `tsc`).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli-bundle/run.js', import.meta.url);
const entry = existsSync(bundle) ? bundle : new URL('../dist/cli/run.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'svc-mock is not built yet: run `npm install` (or `npm run build`) in the package directory.',
  );
  process.exit(1);
}
await import(entry.href);
