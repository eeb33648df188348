import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';

import { isRecord, pushAll } from '@mcp-eval/protocol';

import type { RubricCriterion } from './judge-settings.js';
import { RUBRIC_CRITERIA_KEY, VERDICT_FIELD_ID } from './judge-settings.js';
import type { ManifestError, ManifestResult } from './manifest-error.js';
import type { CaseSpec, Manifest } from './manifest-types.js';
import { readYamlData } from './read-yaml-data.js';

/** Most criteria one rubric may hold (each is one field of the judge's forced verdict). */
export const MAX_RUBRIC_CRITERIA = 16;
/** Longest criterion text (characters). */
export const MAX_CRITERION_CHARS = 1000;
/** Largest rubric file (bytes); a larger one is refused before it is read. */
export const MAX_RUBRIC_BYTES = 64 * 1024;

/** A rubric file read into its criteria, or its errors located `file:line:column`. */
export function parseRubric(
  text: string,
  file: string,
): { readonly ok: true; readonly criteria: RubricCriterion[] } | { readonly ok: false; readonly errors: ManifestError[] } {
  const read = readYamlData(text, file);
  if (!read.ok) return { ok: false, errors: [...read.errors] };
  const { data, locator } = read;
  const fail = (path: (string | number)[], message: string) => ({
    ok: false as const,
    errors: [{ file, ...locator.value(path), message }],
  });
  if (!Array.isArray(data) || data.length === 0) return fail([], 'a rubric is a non-empty YAML list of `{ id, criterion }`');
  if (data.length > MAX_RUBRIC_CRITERIA) return fail([MAX_RUBRIC_CRITERIA], `a rubric holds at most ${MAX_RUBRIC_CRITERIA} criteria`);
  const errors: ManifestError[] = [];
  const seen = new Set<string>();
  const criteria: RubricCriterion[] = [];
  data.forEach((item: unknown, index: number) => {
    if (!isRecord(item)) return pushAll(errors, fail([index], 'a criterion is `{ id, criterion }`').errors);
    const extra = Object.keys(item).find((k) => k !== 'id' && k !== 'criterion');
    if (extra !== undefined)
      return errors.push({ file, ...locator.key([index, extra]), message: `unknown key \`${extra}\` (allowed: id, criterion)` });
    const { id, criterion } = item;
    if (typeof id !== 'string' || !VERDICT_FIELD_ID.test(id))
      return pushAll(errors, fail([index, 'id'], 'a criterion id is lower-case letters, digits, `-` and `_` (at most 64)').errors);
    if (seen.has(id)) return pushAll(errors, fail([index, 'id'], `duplicate criterion id \`${id}\``).errors);
    seen.add(id);
    if (typeof criterion !== 'string' || criterion.trim() === '' || criterion.length > MAX_CRITERION_CHARS)
      return pushAll(
        errors,
        fail([index, 'criterion'], `a criterion is non-empty text of at most ${MAX_CRITERION_CHARS} characters`).errors,
      ).length;
    criteria.push({ id, criterion });
    return undefined;
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, criteria };
}

async function readRubric(path: string, file: string): Promise<string | ManifestError> {
  try {
    const size = (await stat(path)).size;
    if (size > MAX_RUBRIC_BYTES) return { file, line: 1, column: 1, message: `the rubric is larger than ${MAX_RUBRIC_BYTES} bytes` };
    return await readFile(path, 'utf8');
  } catch {
    return { file, line: 1, column: 1, message: 'cannot read the rubric file' };
  }
}

/**
 * Reads every task-completion case's `rubric:` file (relative to the manifest) and puts its
 * criteria on the case's params. A missing or invalid rubric is a manifest error in the rubric's
 * own `file:line:column` (or at the case's `rubric:` when the file cannot be read).
 */
export async function loadRubrics(manifest: Manifest, manifestPath: string, manifestFile: string): Promise<ManifestResult> {
  const errors: ManifestError[] = [];
  const cases: CaseSpec[] = [];
  for (const spec of manifest.cases) {
    const rubric = spec.params['rubric'];
    if (spec.kind !== 'behavior' || spec.check !== 'task-completion' || typeof rubric !== 'string') {
      cases.push(spec);
      continue;
    }
    const path = isAbsolute(rubric) ? rubric : join(dirname(manifestPath), rubric);
    const file = isAbsolute(rubric) ? rubric : join(dirname(manifestFile), rubric);
    const text = await readRubric(path, file);
    if (typeof text !== 'string') {
      errors.push({ ...spec.location, message: `case \`${spec.id}\`: ${text.message} (${file})` });
      continue;
    }
    const parsed = parseRubric(text, file);
    if (!parsed.ok) pushAll(errors, parsed.errors);
    else cases.push({ ...spec, params: { ...spec.params, [RUBRIC_CRITERIA_KEY]: parsed.criteria.map((c) => ({ ...c })) } });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, manifest: { ...manifest, cases } };
}
