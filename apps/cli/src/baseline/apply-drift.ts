import type { CaseRecord, CatalogFingerprints, DriftFailOn, RunReport } from '@mcp-eval/core';
import { compareCatalogs, DEFAULT_DRIFT_FAIL_ON, driftRecords } from '@mcp-eval/core';

/**
 * `run --baseline`: the drift family's records, one per change between the baseline's catalog
 * snapshot (a `snapshot` or a `run` report that carries `catalog`) and this run's, failing as the
 * manifest's `drift.fail_on` says (docs/drift.md). None when either side has no snapshot.
 */
export function applyDrift(baseline: RunReport, current: CatalogFingerprints | undefined, failOn: DriftFailOn | undefined): CaseRecord[] {
  if (baseline.catalog === undefined || current === undefined) return [];
  return driftRecords(compareCatalogs(baseline.catalog, current), failOn ?? DEFAULT_DRIFT_FAIL_ON);
}
