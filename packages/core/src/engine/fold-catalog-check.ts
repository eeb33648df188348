import { copyCaseRecord } from '../copy-record.js';
import type { CatalogCheckFacts, CatalogUnitResult, CatalogUnits } from '../checks/behavior/catalog/catalog-check-facts.js';
import { judgedUnits, round4, sumOf } from '../checks/behavior/catalog/unit-tally.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { CaseRecord, Status } from '../record.js';

/** Statuses a unit that got no verdict may have, worst first. */
const UNJUDGED: readonly Status[] = ['error', 'skip'];

/**
 * One (case, column) record from its units' outcomes; a unit with no verdict (a failure, no key)
 * decides it first, else the check's own verdict (`facts.verdict`).
 */
export function foldCatalogCheck(
  spec: CaseSpec,
  model: string,
  facts: CatalogCheckFacts,
  units: CatalogUnits,
  results: readonly CatalogUnitResult[],
  durationMs: number,
): CaseRecord {
  const base = {
    id: spec.id,
    kind: 'behavior' as const,
    check: spec.check,
    model,
    location: spec.location,
    durationMs: Math.round(durationMs),
  };
  if (units.kind === 'missing') {
    return copyCaseRecord({
      ...base,
      status: units.status,
      label: units.label,
      measurements: { requests: 0 },
      runs: 0,
      passes: 0,
      passRate: 0,
    });
  }
  const spend = {
    units: results.length,
    requests: sumOf(results, 'requests'),
    inputTokens: sumOf(results, 'inputTokens'),
    outputTokens: sumOf(results, 'outputTokens'),
    cachedTrials: results.filter((r) => r.cached).length,
  };
  const { passes } = judgedUnits(results);
  const counts = { runs: results.length, passes, passRate: results.length === 0 ? 0 : round4(passes / results.length) };
  for (const status of UNJUDGED) {
    const first = results.find((r) => r.outcome.status === status && r.outcome.label !== 'judge-unparseable');
    if (first !== undefined) return copyCaseRecord({ ...base, ...counts, status, label: first.outcome.label, measurements: spend });
  }
  const verdict = facts.verdict(spec.params, results, units.extra ?? {});
  return copyCaseRecord({
    ...base,
    ...counts,
    status: verdict.status,
    label: verdict.label,
    measurements: { ...spend, ...verdict.measurements },
    ...(verdict.findings === undefined ? {} : { findings: verdict.findings }),
  });
}
