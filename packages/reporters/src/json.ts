import type { RunReport } from '@mcp-eval/core';
import {
  copyCaseRecord,
  copyCatalogFingerprints,
  copyCheckInfo,
  copyModelColumn,
  copyReviewedEntryState,
  copyRoleSpend,
  copyRunGate,
} from '@mcp-eval/core/record';
import type { Reporter } from './reporter.js';

/**
 * The versioned JSON envelope (docs/reporters.md), described by `report.schema.json` (shipped in
 * the package) and read back by `parseReport`.
 *
 * The envelope is rebuilt field by field rather than serialised as given: a caller's object may
 * carry more than the `RunReport` type admits (a debug field, a server string), and only what the
 * record boundary allows may leave the process. It also fixes the key order, so saved reports diff
 * cleanly. Records, findings, checks, model columns and the gate go through core's one copy of each.
 */
export const json: Reporter<'json'> = {
  name: 'json',
  fileExtension: '.json',
  format(report: RunReport): string {
    return `${JSON.stringify(toEnvelope(report), null, 2)}\n`;
  },
};

function toEnvelope(report: RunReport): RunReport {
  return {
    reportVersion: report.reportVersion,
    tool: { name: report.tool.name, version: report.tool.version },
    command: report.command,
    ...(report.manifest !== undefined && { manifest: report.manifest }),
    target: {
      transport: report.target.transport,
      ...(report.target.protocol !== undefined && { protocol: report.target.protocol }),
      ...(report.target.identity !== undefined && { identity: report.target.identity }),
    },
    ...(report.shard !== undefined && {
      shard: {
        index: report.shard.index,
        count: report.shard.count,
        manifest: report.shard.manifest,
        assigned: { units: report.shard.assigned.units, hash: report.shard.assigned.hash },
      },
    }),
    startedAt: report.startedAt,
    ...(report.runId !== undefined && { runId: report.runId }),
    durationMs: report.durationMs,
    summary: {
      cases: report.summary.cases,
      pass: report.summary.pass,
      fail: report.summary.fail,
      skip: report.summary.skip,
      error: report.summary.error,
    },
    cases: report.cases.map(copyCaseRecord),
    checks: report.checks.map(copyCheckInfo),
    ...(report.scores !== undefined && { scores: { ...report.scores } }),
    ...(report.gate !== undefined && { gate: copyRunGate(report.gate) }),
    ...(report.invocationErrors !== undefined && {
      invocationErrors: report.invocationErrors.map((error) => ({ label: error.label })),
    }),
    ...(report.models !== undefined && { models: report.models.map(copyModelColumn) }),
    ...(report.roles !== undefined && { roles: report.roles.map(copyRoleSpend) }),
    ...(report.reviewedEntries !== undefined && { reviewedEntries: report.reviewedEntries.map(copyReviewedEntryState) }),
    ...(report.catalog !== undefined && { catalog: copyCatalogFingerprints(report.catalog) }),
  };
}
