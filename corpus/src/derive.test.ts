import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { derive } from './derive.js';
import { writeExpected } from './expected-files.js';
import { type Observation, observe } from './observe.js';
import { CORPUS } from './servers.js';

// Writes corpus/expected/*.json; run through scripts/derive-expected.mjs, never in `pnpm test`.
const DERIVE = process.env.CORPUS_DERIVE === '1';
const only = process.env.CORPUS_ONLY?.split(',');
// Each observation is kept (gitignored) so a rule change can be re-derived without the servers: CORPUS_REUSE=1.
const cache = fileURLToPath(new URL('../.observations/', import.meta.url));
async function observation(server: (typeof CORPUS)[number]): Promise<Observation> {
  const path = `${cache}${server.id}.json`;
  if (process.env.CORPUS_REUSE === '1' && existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Observation;
  const observed = await observe(server);
  mkdirSync(cache, { recursive: true });
  writeFileSync(path, JSON.stringify(observed));
  return observed;
}

describe.skipIf(!DERIVE)('derive-expected', () => {
  for (const server of CORPUS.filter((entry) => only === undefined || only.includes(entry.id))) {
    it.concurrent(
      server.id,
      async () => {
        const observed = await observation(server);
        expect(observed.guardLog).toBe('');
        const { file, unexplained, loadArtifacts } = derive(server, observed);
        for (const line of [...unexplained, ...loadArtifacts]) console.log(`${server.id} ${line}`);
        expect(loadArtifacts, 'the machine was too loaded: derive again').toEqual([]);
        expect(unexplained, 'a rule disagrees with main without naming a defect').toEqual([]);
        writeExpected(file);
        const wrong = file.expectations.filter((entry) => entry.knownWrongOnMainAt !== undefined);
        console.log(`${server.id}: ${String(file.expectations.length)} expectations, ${String(wrong.length)} known wrong on main`);
        for (const entry of wrong) console.log(`  ${entry.key}: ${entry.knownWrongOnMainAt ?? ''}`);
      },
      300_000,
    );
  }
});
