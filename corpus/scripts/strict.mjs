#!/usr/bin/env node
/* global process, URL */
// Makes every corpus expectation strict: removes knownWrongOnMainAt from corpus/expected/*.json.
// Run it once the fixes are merged; `CORPUS_STRICT=1 pnpm --filter @mcp-eval/corpus test` previews it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../expected/', import.meta.url));
let removed = 0;
for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.json'))) {
  const file = JSON.parse(readFileSync(dir + name, 'utf8'));
  for (const entry of file.expectations) {
    if (entry.knownWrongOnMainAt !== undefined) removed += 1;
    delete entry.knownWrongOnMainAt;
  }
  writeFileSync(dir + name, `${JSON.stringify(file, null, 2)}\n`);
}
process.stdout.write(`${removed} expectations made strict\n`);
