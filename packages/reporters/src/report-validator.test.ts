import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { PrecompiledValidators } from '@mcp-eval/core/record';
import { reportJsonSchema } from '@mcp-eval/core/record';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';

import { createReportAjv } from './report-ajv.js';
import { REPORT_VALIDATOR_KEY } from './report-validator-key.js';
import { reportValidatorModule } from './report-validator-module.js';
import { behaviorReport, mixedReport, unlocatedReport } from './test-support/fixture-reports.js';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
// Under the package's node_modules, so the generated imports (ajv's run-time helpers, formats) resolve.
const scratch = mkdtempSync(join(packageDir, 'node_modules', '.report-validator-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function generated(): Promise<ValidateFunction> {
  const file = join(scratch, 'precompiled.mjs');
  writeFileSync(file, reportValidatorModule());
  const module = (await import(pathToFileURL(file).href)) as { precompiledReportValidators: PrecompiledValidators };
  const validate = module.precompiledReportValidators[REPORT_VALIDATOR_KEY]?.validate;
  if (validate === undefined) throw new Error('no precompiled report validator');
  return validate;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const saved = JSON.parse(readFileSync(new URL('./test-support/saved-report.json', import.meta.url), 'utf8')) as Json;
const VALID: readonly Json[] = [saved, ...[mixedReport, unlocatedReport, behaviorReport].map((r) => JSON.parse(JSON.stringify(r)) as Json)];
const WRONG: readonly Json[] = [null, 'x', '', -1, 1.5, true, [], {}, '2026-13-45T99:00:00Z'];
/** Bounds the corpus: every value of the first few hundred paths of each report. */
const MAX_PATHS = 400;

/** Each report, then each of its values (to a bound) replaced by each wrong value or removed, and an unknown key. */
function corpus(report: Json): Json[] {
  const inputs: Json[] = [report, { ...(report as object), not_a_key: 1 }];
  const paths: (string | number)[][] = [];
  const walk = (value: Json, path: (string | number)[]): void => {
    if (paths.length >= MAX_PATHS) return;
    if (path.length > 0) paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(report, []);
  const setAt = (path: (string | number)[], value: Json | undefined): Json => {
    const copy = structuredClone(report);
    let parent = copy as Record<string | number, Json>;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
    const last = path.at(-1) as string | number;
    if (value === undefined) Reflect.deleteProperty(parent, last);
    else parent[last] = value;
    return copy;
  };
  for (const path of paths) {
    inputs.push(setAt(path, undefined));
    for (const value of WRONG) inputs.push(setAt(path, value));
  }
  return inputs;
}

// The run-time ajv compile of the whole report schema takes seconds on a quiet machine and passed the
// shared 60 s bound on a loaded 2-core one; the bound guards a hang, it measures nothing.
describe('the build-time report validator', { timeout: 180_000 }, () => {
  it('agrees with the run-time compile on valid and invalid reports: validity and the error', async () => {
    const precompiled = await generated();
    const runtime = createReportAjv().compile(reportJsonSchema());
    let valid = 0;
    let invalid = 0;
    for (const report of VALID) {
      for (const input of corpus(report)) {
        const expected = { valid: runtime(input), errors: runtime.errors ?? null };
        expect({ valid: precompiled(input), errors: precompiled.errors ?? null }).toEqual(expected);
        if (expected.valid) valid += 1;
        else invalid += 1;
      }
    }
    expect(valid).toBeGreaterThanOrEqual(VALID.length);
    expect(invalid).toBeGreaterThan(1000);
  });

  it('is what the built package carries (the build step ran), for the schema it came from', async () => {
    const built = new URL('../dist/precompiled-report-validator.js', import.meta.url);
    expect(readFileSync(built, 'utf8')).toBe(reportValidatorModule());
  });
});
