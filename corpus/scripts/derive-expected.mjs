#!/usr/bin/env node
/* global process, URL */
// Re-derives corpus/expected/*.json from the oracle (and main's current verdicts for the recorded
// part): `node corpus/scripts/derive-expected.mjs [server-id,...]`. Review the diff before committing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const corpus = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv[2];
const result = spawnSync('npx', ['vitest', 'run', 'src/derive.test.ts'], {
  cwd: corpus,
  stdio: 'inherit',
  env: { ...process.env, CORPUS_DERIVE: '1', ...(only === undefined ? {} : { CORPUS_ONLY: only }) },
});
if (result.status === 0) spawnSync('npx', ['prettier', '--write', 'expected', 'README.md'], { cwd: corpus, stdio: 'inherit' });
process.exit(result.status ?? 1);
