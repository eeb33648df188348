import type { CaseRecord, Evaluation, LintReport } from '@mcp-eval/core';
import {
  checks,
  conformanceChecks,
  createRunReport,
  evaluate,
  lintCatalog,
  runConformance,
  SCAN_DEFAULTS,
  scanCatalogCases,
  scanDegradationCases,
  scanGate,
  scanLatencyCases,
  scanTimedTools,
} from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import type { Io } from '../io.js';
import { readSuppressions } from '../lint/read-suppressions.js';
import { exitStatus } from '../output/exit-status.js';
import { prepareReporters } from '../output/prepare-reporters.js';
import { createProgress } from '../output/progress.js';
import { useColor } from '../output/use-color.js';
import { writeReports } from '../output/write-reports.js';
import { readLiveCatalog } from '../target/read-live-catalog.js';
import type { TargetFlags } from '../target/target-from-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';
import { cliVersion } from '../version.js';

export interface ScanFlags extends TargetFlags {
  readonly reporter?: unknown;
  readonly outputDir?: string;
  readonly color?: boolean;
  readonly quiet?: boolean;
}

/**
 * `mcp-eval scan --stdio … | --url … | --from-config … --server …`: the first look at a server with
 * no manifest, sending nothing that could change state. The catalog cases (discovery-cost,
 * token-cost, pagination, surface-listing) with SCAN_DEFAULTS' budgets, every conformance
 * assertion, every lint rule, and latency-budget and degradation-over-n on the tools
 * `scanTimedTools` allows (annotated read-only, nothing required, called with `{}`), all in one
 * report with one gate (`scanGate`): exit 0 when it passed, 1 when it failed, 2 for an invalid
 * invocation, 4 when the server could not be started or reached.
 */
export async function scanCommand(io: Io, flags: ScanFlags): Promise<number> {
  const server = targetFromFlags(flags, io);
  const reporters = await prepareReporters(flags, io);
  const { suppressions } = await readSuppressions(undefined, io);
  const { target, protocol, timeoutMs } = server;
  const startedAt = new Date();
  const started = performance.now();

  const catalog = await readLiveCatalog(server);
  const unreachable = !catalog.ok && catalog.label.startsWith('connect-');
  let records: CaseRecord[] = [];
  let lint: LintReport | undefined;
  let negotiated = catalog.protocol;
  const invocationErrors: { label: string }[] = [];
  if (unreachable) {
    invocationErrors.push({ label: catalog.label });
  } else {
    const timed = catalog.ok ? scanTimedTools(catalog.tools) : [];
    const catalogCases = scanCatalogCases();
    const timedCases = [...scanLatencyCases(timed), ...scanDegradationCases(timed)];
    const progress = createProgress(io, catalogCases.length + timedCases.length + conformanceChecks.length);
    const hooks = { onCaseStart: progress.onCaseStart, onCaseEnd: progress.onCaseEnd };
    const connector = createConnector(target, { protocol, timeoutMs });
    // Timed calls are cut off at the latency budget, so a slow tool costs one budget, not a timeout.
    const timedConnector = createConnector(target, { protocol, timeoutMs: SCAN_DEFAULTS.maxLatencyMs });
    const evaluations: Evaluation[] = await Promise.all([
      evaluate({ connector, cases: catalogCases, timeoutMs, ...hooks }),
      evaluate({ connector: timedConnector, cases: timedCases, timeoutMs: SCAN_DEFAULTS.maxLatencyMs, ...hooks }),
      runConformance(connector, { timeoutMs, ...hooks }),
    ]);
    progress.done();
    for (const evaluation of evaluations) {
      records.push(...evaluation.records);
      invocationErrors.push(...evaluation.invocationErrors.filter((e) => !invocationErrors.some((seen) => seen.label === e.label)));
      negotiated ??= evaluation.protocol;
    }
    if (catalog.ok) {
      lint = lintCatalog(catalog.tools, { suppressions });
      records = [...records, ...lint.cases];
    }
  }

  const report = createRunReport({
    command: 'scan',
    toolVersion: cliVersion(),
    target: { transport: target.kind, ...(negotiated === undefined ? {} : { protocol: negotiated }) },
    startedAt,
    durationMs: performance.now() - started,
    records,
    checks: [...checks, ...conformanceChecks, ...(lint?.checks ?? [])],
    ...(unreachable ? {} : { gate: scanGate(records, lint) }),
    ...(lint === undefined ? {} : { scores: lint.scores }),
    invocationErrors,
  });
  // The report's own exit status (`reportExitCode`): 4 when nothing could be evaluated, else the gate.
  return exitStatus(report, await writeReports(report, reporters, io, useColor(io, flags.color)));
}
