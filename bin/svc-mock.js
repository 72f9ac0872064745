#!/usr/bin/env node
// The CLI is compiled to dist/ by `npm install` (the prepare script).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/run.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'svc-mock is not built yet: run `npm install` (or `npm run build`) in the package directory.',
  );
  process.exit(1);
}
await import(entry.href);
