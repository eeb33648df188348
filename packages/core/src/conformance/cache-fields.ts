import type { JsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import type { ResultSurface } from './support/collect-results.js';
import type { ShapeSkipLabel } from './support/collect-results.js';
import { collectResults, shapeOutcome, unreadableFindings } from './support/collect-results.js';
import { nothingLabels } from '../evaluated-nothing.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

/** The results SEP-2549 requires cache fields on, as the assertion names them. */
const SURFACES = {
  discover: 'server/discover',
  tools: 'tools/list',
  resources: 'resources/list',
  'resource-templates': 'resources/templates/list',
  prompts: 'prompts/list',
  'resource-read': 'resources/read',
} as const satisfies Partial<Record<ResultSurface, string>>;

type CachedSurface = keyof typeof SURFACES;
type Problem = 'ttl-missing' | 'cache-scope-invalid' | 'unreadable';
type SurfaceLabel = `${CachedSurface}-${Problem}`;
export type CacheFieldsLabel = 'cache-fields-present' | SurfaceLabel | ShapeSkipLabel | 'era-legacy';

const PROBLEMS: Record<Problem, string> = {
  'ttl-missing': 'a result without ttlMs as a non-negative integer',
  'cache-scope-invalid': 'a result whose cacheScope is absent or neither "public" nor "private"',
  unreadable:
    'finding: the server declares it but answered with an error or not at all (code in jsonRpcCode), so no result could be checked',
};

function buildLabels(): Record<CacheFieldsLabel, string> {
  const labels: Record<string, string> = {
    'cache-fields-present': 'Every checked result carried ttlMs (a non-negative integer) and cacheScope ("public" or "private").',
    'era-legacy': SKIP_LABELS['era-legacy'],
    ...nothingLabels('nothing-read', 'surface-unreadable'),
  };
  for (const [surface, method] of Object.entries(SURFACES)) {
    for (const [problem, meaning] of Object.entries(PROBLEMS)) labels[`${surface}-${problem}`] = `${method}: ${meaning}.`;
  }
  return labels as Record<CacheFieldsLabel, string>;
}

function isCached(surface: ResultSurface): surface is CachedSurface {
  return Object.hasOwn(SURFACES, surface);
}

function problemOf(result: JsonObject): Problem | undefined {
  const { ttlMs, cacheScope } = result;
  if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0) return 'ttl-missing';
  if (cacheScope !== 'public' && cacheScope !== 'private') return 'cache-scope-invalid';
  return undefined;
}

/**
 * Assertion 3, 2026-07-28 only: every list result (each page of each declared list), the discover
 * result and a resource read carry `ttlMs` and `cacheScope`, so that clients can cache them
 * correctly. One finding per defective result; the case fails with the first.
 */
export const cacheFields = defineCheck<ConformanceParams, CacheFieldsLabel>({
  id: 'cache-fields',
  kind: 'conformance',
  requirements: ['M78', 'M79'],
  title: 'List results carry cache fields',
  summary: 'Every list result, server/discover and resources/read carry ttlMs and cacheScope ("public" or "private").',
  params: NO_PARAMS,
  labels: buildLabels(),
  async run(ctx): Promise<Outcome<CacheFieldsLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const collected = await collectResults(ctx, { reads: true, toolCall: false });
    const findings: (Finding & { readonly label: SurfaceLabel })[] = [];
    let checked = 0;
    for (const { surface, page, result } of collected.results) {
      if (!isCached(surface)) continue;
      checked += 1;
      const problem = problemOf(result);
      if (problem) findings.push({ label: `${surface}-${problem}`, measurements: { page } });
    }
    return shapeOutcome<CacheFieldsLabel>('cache-fields-present', checked, findings, unreadableFindings(collected.unreadable, isCached));
  },
});
