import type { JsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import type { ResultSurface } from './support/collect-results.js';
import type { ShapeSkipLabel } from './support/collect-results.js';
import { collectResults, shapeOutcome, SURFACE_NAMES, unreadableFindings } from './support/collect-results.js';
import { nothingLabels } from '../evaluated-nothing.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { INPUT_REQUIRED_METHODS, KNOWN_RESULT_TYPES } from './support/protocol-constants.js';

type Problem = 'result-type-missing' | 'result-type-unknown' | 'unreadable';
type SurfaceLabel = `${ResultSurface}-${Problem}`;
export type ResultTypeLabel = 'result-type-present' | SurfaceLabel | ShapeSkipLabel | 'era-legacy';

const PROBLEMS: Record<Problem, string> = {
  'result-type-missing': 'a result without resultType (only pre-2026 servers may omit it)',
  'result-type-unknown': 'a resultType that is not a string the revision defines ("complete", or "input_required" where that is allowed)',
  unreadable:
    'finding: the server declares it but answered with an error or not at all (code in jsonRpcCode), so no result could be checked',
};

function buildLabels(): Record<ResultTypeLabel, string> {
  const labels: Record<string, string> = {
    'result-type-present': 'Every checked result carried a resultType the 2026-07-28 revision defines.',
    'era-legacy': SKIP_LABELS['era-legacy'],
    ...nothingLabels('nothing-read', 'surface-unreadable'),
  };
  for (const [surface, what] of Object.entries(SURFACE_NAMES)) {
    for (const [problem, meaning] of Object.entries(PROBLEMS)) labels[`${surface}-${problem}`] = `${what}: ${meaning}.`;
  }
  return labels as Record<ResultTypeLabel, string>;
}

function problemOf(method: string, result: JsonObject): Problem | undefined {
  const { resultType } = result;
  if (resultType === undefined) return 'result-type-missing';
  if (typeof resultType !== 'string' || !KNOWN_RESULT_TYPES.includes(resultType)) return 'result-type-unknown';
  if (resultType === 'input_required' && !INPUT_REQUIRED_METHODS.includes(method)) return 'result-type-unknown';
  return undefined;
}

/**
 * Assertion 4, 2026-07-28 only: every result carries `resultType`. The "absent means complete"
 * bridge is for servers of earlier revisions, which is why legacy servers are skipped rather than
 * passed. Checked on discover, every page of every declared list, one resource read, one prompt
 * get and one call of a tool the server declares read-only (never any other tool).
 */
export const resultType = defineCheck<ConformanceParams, ResultTypeLabel>({
  id: 'result-type',
  kind: 'conformance',
  requirements: ['M3', 'M4', 'M19', 'M55'],
  title: 'Results carry resultType',
  summary: 'Every result of a 2026-07-28 server carries a resultType the revision defines.',
  params: NO_PARAMS,
  labels: buildLabels(),
  async run(ctx): Promise<Outcome<ResultTypeLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const collected = await collectResults(ctx, { reads: true, toolCall: true });
    const findings: (Finding & { readonly label: SurfaceLabel })[] = [];
    for (const { surface, method, page, result } of collected.results) {
      const problem = problemOf(method, result);
      if (problem) findings.push({ label: `${surface}-${problem}`, measurements: { page } });
    }
    const unreadable = unreadableFindings(collected.unreadable);
    return shapeOutcome<ResultTypeLabel>('result-type-present', collected.results.length, findings, unreadable);
  },
});
