import type { CheckDefinition } from '../check.js';
import {
  copyCatalogFingerprints,
  copyCheckInfo,
  copyModelColumn,
  copyReviewedEntryState,
  copyRoleSpend,
  copyRunGate,
} from '../copy-record.js';
import type {
  CaseRecord,
  CatalogFingerprints,
  CheckInfo,
  ModelColumn,
  ReviewedEntryState,
  RoleSpend,
  RunGate,
  RunReport,
  RunShard,
  RunTarget,
} from '../record.js';
import { summarize } from '../record.js';

export interface RunReportInput {
  readonly command: RunReport['command'];
  readonly toolVersion: string;
  readonly manifest?: string;
  readonly target: RunTarget;
  /** `run --shard k/n`: which shard of which manifest. */
  readonly shard?: RunShard;
  readonly startedAt: Date;
  /** `run`: the run's trace id (`RunTrace.traceId`). */
  readonly runId?: string;
  readonly durationMs: number;
  readonly records: readonly CaseRecord[];
  /**
   * Definitions of the checks that ran (check definitions, or lint rules' `CheckInfo` with their
   * layer and severity); only those appearing in `records` are kept.
   */
  readonly checks: readonly (Pick<CheckDefinition, 'id' | 'kind' | 'title' | 'summary' | 'securitySeverity'> &
    Pick<CheckInfo, 'layer' | 'severity'>)[];
  readonly scores?: Readonly<Record<string, number>>;
  readonly gate?: RunGate;
  readonly invocationErrors?: readonly { readonly label: string }[];
  /** Runs with a model layer: one entry per column (its scores and spend). */
  readonly models?: readonly ModelColumn[];
  /** Runs with a judge or generator: each role's spend per column. */
  readonly roles?: readonly RoleSpend[];
  /** `run`: the catalog the run read, as fingerprints (`EvaluateOptions.snapshotCatalog`). */
  readonly catalog?: CatalogFingerprints;
  /** Runs that read a reviewed file: each entry's state (`applyReviewed`). */
  readonly reviewedEntries?: readonly ReviewedEntryState[];
}

export function checkInfo(check: RunReportInput['checks'][number]): CheckInfo {
  return copyCheckInfo(check);
}

/** Assembles the versioned report envelope every reporter renders. */
export function createRunReport(input: RunReportInput): RunReport {
  const used = new Set(input.records.map((r) => r.check));
  const checks = input.checks.filter((c) => used.has(c.id)).map(checkInfo);
  return {
    reportVersion: 1,
    tool: { name: 'mcp-eval', version: input.toolVersion },
    command: input.command,
    ...(input.manifest === undefined ? {} : { manifest: input.manifest }),
    target: input.target,
    ...(input.shard === undefined
      ? {}
      : {
          shard: {
            index: input.shard.index,
            count: input.shard.count,
            manifest: input.shard.manifest,
            assigned: { units: input.shard.assigned.units, hash: input.shard.assigned.hash },
          },
        }),
    startedAt: input.startedAt.toISOString(),
    ...(input.runId === undefined ? {} : { runId: input.runId }),
    durationMs: Math.round(input.durationMs),
    summary: summarize(input.records),
    cases: input.records,
    checks,
    ...(input.scores === undefined ? {} : { scores: input.scores }),
    ...(input.models === undefined || input.models.length === 0 ? {} : { models: input.models.map(copyModelColumn) }),
    ...(input.roles === undefined || input.roles.length === 0 ? {} : { roles: input.roles.map(copyRoleSpend) }),
    ...(input.gate === undefined ? {} : { gate: copyRunGate(input.gate) }),
    ...(input.invocationErrors === undefined || input.invocationErrors.length === 0 ? {} : { invocationErrors: input.invocationErrors }),
    ...(input.catalog === undefined ? {} : { catalog: copyCatalogFingerprints(input.catalog) }),
    ...(input.reviewedEntries === undefined || input.reviewedEntries.length === 0
      ? {}
      : { reviewedEntries: input.reviewedEntries.map(copyReviewedEntryState) }),
  };
}
