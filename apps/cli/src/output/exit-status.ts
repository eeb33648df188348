import type { RunReport } from '@mcp-eval/core';
import { countsAsFailure, isCatalogCheck } from '@mcp-eval/core';

import { EXIT } from '../cli-error.js';
import type { ReporterTarget } from './reporter-targets.js';

/**
 * Nothing could be evaluated: the target could not be started or reached (an invocation error of
 * the `connect-` family), or every case that was not skipped ended `connect-failed`. CI must tell
 * this infrastructure failure from a gate the server failed.
 */
export function nothingEvaluated(report: RunReport): boolean {
  const connectFailed = (report.invocationErrors ?? []).some((error) => error.label.startsWith('connect-'));
  const judged = report.cases.filter((record) => record.status !== 'skip');
  if (judged.length === 0) return connectFailed;
  return judged.every((record) => record.status === 'error' && record.label === 'connect-failed');
}

/**
 * The exit status a report stands for, the same for the command that ran it and for `report`
 * re-rendering it: 4 when nothing could be evaluated; 1 for any other evaluator failure (an
 * unreadable catalog); else its gate when it has one (lint); else 1 for any failing or erroring case that no
 * reviewed entry accepted.
 */
export function reportExitCode(report: RunReport): number {
  if (nothingEvaluated(report)) return EXIT.unevaluated;
  if ((report.invocationErrors ?? []).length > 0) return EXIT.failed;
  if (report.gate !== undefined) return report.gate.passed ? EXIT.ok : EXIT.failed;
  // A gated model score (`golden.score_threshold`) decides for the catalog-only checks' records.
  const scoreGated = (report.models ?? []).some((m) => m.scoreGate !== undefined);
  if ((report.models ?? []).some((m) => m.scoreGate?.passed === false)) return EXIT.failed;
  // A failure a reviewed entry accepted stays in the report but does not fail the run.
  const failing = report.cases.filter((record) => countsAsFailure(record) && !(scoreGated && isCatalogCheck(record.check)));
  return failing.length > 0 ? EXIT.failed : EXIT.ok;
}

/** A command's exit status: the report's own, except that a run with a lost report never exits 0. */
export function exitStatus(report: RunReport, failedWrites: readonly ReporterTarget[]): number {
  const code = reportExitCode(report);
  return failedWrites.length > 0 && code === EXIT.ok ? EXIT.failed : code;
}
