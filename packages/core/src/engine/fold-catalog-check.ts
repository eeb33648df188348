import { copyCaseRecord } from '../copy-record.js';
import type { CatalogCheckFacts, CatalogUnitResult, CatalogUnits } from '../checks/behavior/catalog/catalog-check-facts.js';
import { judgedUnits, round4, sumOf } from '../checks/behavior/catalog/unit-tally.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import { wilsonInterval } from '../models/wilson.js';
import type { CaseRecord, Measurements, Status } from '../record.js';

/** Statuses a unit that got no verdict may have, worst first. */
const UNJUDGED: readonly Status[] = ['error', 'skip'];

/** The pass rate's 95% interval, as the trial records carry it (behavior/fold-trials.ts). */
function wilsonOf(passes: number, runs: number): { wilsonLow: number; wilsonHigh: number } {
  const interval = wilsonInterval(passes, runs);
  return { wilsonLow: interval.low, wilsonHigh: interval.high };
}

/** The failing unit's own numbers (httpStatus, retryAfterMs), as a trial record keeps its representative's; the record's sums win. */
function ownNumbers(unit: Measurements, record: Measurements): Measurements {
  return Object.fromEntries(Object.entries(unit).filter(([k]) => !(k in record) && k !== 'cached'));
}

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
      measurements: { requests: 0, ...wilsonOf(0, 0) },
      runs: 0,
      passes: 0,
      passRate: 0,
    });
  }
  const { passes } = judgedUnits(results);
  const spend = {
    units: results.length,
    requests: sumOf(results, 'requests'),
    inputTokens: sumOf(results, 'inputTokens'),
    outputTokens: sumOf(results, 'outputTokens'),
    cachedTrials: results.filter((r) => r.cached).length,
    ...wilsonOf(passes, results.length),
  };
  const counts = { runs: results.length, passes, passRate: results.length === 0 ? 0 : round4(passes / results.length) };
  for (const status of UNJUDGED) {
    const first = results.find((r) => r.outcome.status === status && r.outcome.label !== 'judge-unparseable');
    if (first === undefined) continue;
    const measurements = { ...spend, ...ownNumbers(first.outcome.measurements, spend) };
    return copyCaseRecord({ ...base, ...counts, status, label: first.outcome.label, measurements });
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
