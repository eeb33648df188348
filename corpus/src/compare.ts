import { type ExpectedFile, indexVerdicts, mismatches } from './expectation.js';
import type { Verdict } from './verdicts.js';
import { verdictKey } from './verdicts.js';

export interface Comparison {
  /** Distinct verdicts compared (keys with at least one expectation, plus unexpected ones). */
  readonly compared: number;
  /** Mismatches of strict expectations, and verdicts the file does not know: each names the verdict. */
  readonly wrong: readonly string[];
  /** Known-wrong expectations main still gets wrong (expected failures). */
  readonly stillWrong: readonly string[];
  /** Known-wrong expectations that held this time (some defects show only under load): reported, not failed. */
  readonly fixed: readonly string[];
}

/** Compares every verdict with the file; `strict` treats known-wrong entries like any other. */
export function compare(file: ExpectedFile, verdicts: readonly Verdict[], strict: boolean): Comparison {
  const actual = indexVerdicts(verdicts);
  const wrong: string[] = [];
  const stillWrong: string[] = [];
  const fixed: string[] = [];
  const keys = new Set<string>();
  for (const expected of file.expectations) {
    keys.add(expected.key);
    const found = mismatches(expected, actual.get(expected.key));
    const line = `${file.server}: ${expected.key} (${expected.source}): ${found.join('; ')}`;
    if (expected.knownWrongOnMainAt === undefined || strict) {
      if (found.length > 0) wrong.push(line);
    } else if (found.length > 0) stillWrong.push(`${line} [${expected.knownWrongOnMainAt}]`);
    else fixed.push(`${file.server}: ${expected.key} now holds: remove knownWrongOnMainAt [${expected.knownWrongOnMainAt}]`);
  }
  const unexpected = verdicts.map(verdictKey).filter((key) => !keys.has(key));
  for (const key of unexpected) wrong.push(`${file.server}: ${key}: a verdict the expected file does not know (re-derive)`);
  return { compared: keys.size + unexpected.length, wrong, stillWrong, fixed };
}
