import type { CaseRecord, Connection, Connector, EngineCase, Evaluation, ReviewedEntry, Suppression } from '@mcp-eval/core';
import {
  applyReviewed,
  reviewedSuppressions,
  checks,
  conformanceChecks,
  ConnectError,
  evaluate,
  lintCatalog,
  listTools,
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
import type { ReporterFlags } from '../output/prepare-reporters.js';
import type { MeasuredRun } from '../output/report-output.js';
import { prepareOutput } from '../output/report-output.js';
import type { DeferredProgress } from '../scan/deferred-progress.js';
import { deferredProgress } from '../scan/deferred-progress.js';
import { openedConnector } from '../scan/opened-connector.js';
import type { LiveCatalog } from '../target/read-live-catalog.js';
import { catalogFromWalk } from '../target/read-live-catalog.js';
import type { FlagTarget, TargetFlags } from '../target/target-from-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';

export interface ScanFlags extends TargetFlags, ReporterFlags {}

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
  const output = await prepareOutput(flags, io, { beside: '.' });
  const { suppressions } = await readSuppressions(undefined, io);
  const { entries, today } = output.reviewed;
  const reviewed = { entries, today, suppressions: [...suppressions, ...reviewedSuppressions(entries, today)] };
  // The report's own exit status (`reportExitCode`): 4 when nothing could be evaluated, else the gate.
  return output.run('scan', () => scanServer(server, reviewed, io));
}

/** The suppression file's and the reviewed file's entries: lint's as suppressions, every family's after the run. */
interface ScanReviewed {
  readonly entries: readonly ReviewedEntry[];
  readonly today: string;
  readonly suppressions: readonly Suppression[];
}

/** Everything scan measures, at once where parts do not depend on each other. */
async function scanServer(
  { target, protocol, timeoutMs }: FlagTarget,
  { entries, today, suppressions }: ScanReviewed,
  io: Io,
): Promise<MeasuredRun> {
  const connector = createConnector(target, { protocol, timeoutMs });
  const progress = deferredProgress(io);
  const hooks = { onCaseStart: progress.onCaseStart, onCaseEnd: progress.onCaseEnd };
  const catalogCases = scanCatalogCases();
  // Three parts at once; only the timed cases wait for the catalog, which decides them.
  const [timed, catalogRun, conformanceRun] = await Promise.all([
    readAndTime(connector, timeoutMs, progress, catalogCases.length + conformanceChecks.length),
    evaluate({ connector, cases: catalogCases, timeoutMs, ...hooks }),
    runConformance(connector, { timeoutMs, ...hooks }),
  ]);
  progress.done();

  const evaluations = [catalogRun, ...timed.evaluations, conformanceRun];
  const invocationErrors = [...(timed.connectLabel === undefined ? [] : [{ label: timed.connectLabel }])];
  for (const e of evaluations.flatMap((evaluation) => evaluation.invocationErrors)) {
    if (!invocationErrors.some((seen) => seen.label === e.label)) invocationErrors.push(e);
  }
  // Lint what was read, as `mcp-eval lint` does: a later listing defect is a protocol finding.
  const read = timed.catalog?.ok === true ? timed.catalog : undefined;
  const lint =
    read === undefined
      ? undefined
      : lintCatalog([...read.tools, ...read.tooDeep], { suppressions, ...(read.listing === undefined ? {} : { listing: read.listing }) });
  const measured: CaseRecord[] = [...evaluations.flatMap((evaluation) => evaluation.records), ...(lint?.cases ?? [])];
  // Applied here, not after the run, because the scan gate follows them.
  const { records, entries: reviewedEntries } = applyReviewed(measured, entries, today);
  const negotiated = timed.protocol ?? evaluations.find((evaluation) => evaluation.protocol !== undefined)?.protocol;
  return {
    target: { transport: target.transport, ...(negotiated === undefined ? {} : { protocol: negotiated }) },
    records,
    checks: [...checks, ...conformanceChecks, ...(lint?.checks ?? [])],
    gate: scanGate(records, lint),
    reviewedEntries,
    ...(lint === undefined ? {} : { scores: lint.scores }),
    invocationErrors,
  };
}

interface TimedPart {
  /** What `tools/list` gave, by `readLiveCatalog`'s rules with listing defects accepted. */
  readonly catalog?: LiveCatalog;
  readonly protocol?: string;
  /** `connect-<failure>` when not even the first connection opened. */
  readonly connectLabel?: string;
  /** The latency cases, then the degradation cases. */
  readonly evaluations: readonly Evaluation[];
}

/**
 * Reads the catalog on one connection, chooses the tools to time from it, and runs the latency
 * cases on that same connection, the degradation cases beside them on their own. Timed calls are
 * cut off at the latency budget, so a slow tool costs one budget, not `--timeout`.
 */
async function readAndTime(connector: Connector, timeoutMs: number, progress: DeferredProgress, otherCases: number): Promise<TimedPart> {
  let connection: Connection;
  try {
    connection = await connector.connect();
  } catch (error) {
    progress.start(otherCases);
    if (error instanceof ConnectError) return { connectLabel: `connect-${error.kind}`, evaluations: [] };
    throw error;
  }
  const protocol = connection.protocolVersion;
  let latencyCases: EngineCase[] = [];
  let degradationCases: EngineCase[] = [];
  let catalog: LiveCatalog | undefined;
  try {
    const walk = await listTools({ timeoutMs, signal: new AbortController().signal }, connection);
    catalog = catalogFromWalk(walk, connector.transport, protocol, { acceptListingDefects: true });
    // Only tools that were read, and only those the server annotates read-only, are ever timed.
    const chosen = catalog.ok ? scanTimedTools(catalog.tools) : [];
    latencyCases = scanLatencyCases(chosen);
    degradationCases = scanDegradationCases(chosen);
  } finally {
    progress.start(otherCases + latencyCases.length + degradationCases.length);
    if (latencyCases.length === 0) await connection.close();
  }
  const found = { catalog, protocol };
  if (latencyCases.length === 0) return { ...found, evaluations: [] };
  const options = { timeoutMs: SCAN_DEFAULTS.maxLatencyMs, onCaseStart: progress.onCaseStart, onCaseEnd: progress.onCaseEnd };
  // Side by side, so a tool slow enough to hit the cut-off costs it once, not once per check.
  const evaluations = await Promise.all([
    evaluate({ ...options, connector: openedConnector(connector, connection), cases: latencyCases }),
    evaluate({ ...options, connector, cases: degradationCases }),
  ]);
  return { ...found, evaluations };
}
