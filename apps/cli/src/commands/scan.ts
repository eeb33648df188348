import type { CaseRecord, Connection, Connector, EngineCase, Evaluation, ReviewedEntry, Suppression } from '@mcp-eval/core';
import {
  applyAssertionLevels,
  applyReviewed,
  reviewedSuppressions,
  checks,
  conformanceChecks,
  ConnectError,
  evaluate,
  lintCatalog,
  listTools,
  SCAN_DEFAULTS,
  scanCatalogCases,
  scanDegradationCases,
  scanGate,
  scanLatencyCases,
  scanTimedTools,
} from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import { targetIdentity } from '../baseline/target-identity.js';
import type { ConformanceProtocol } from '../conformance/choose-eras.js';
import { chooseEras, erasOf, runPlannedConformance, splitProtocol, unreachableConnector } from '../conformance/choose-eras.js';
import type { Io } from '../io.js';
import { readSuppressions } from '../lint/read-suppressions.js';
import type { FlagValues } from '../flags/flag.js';
import type { SCAN_FLAGS } from '../flags/scan-flags.js';
import type { MeasuredRun } from '../output/report-output.js';
import { prepareOutput } from '../output/report-output.js';
import type { DeferredProgress } from '../scan/deferred-progress.js';
import { deferredProgress } from '../scan/deferred-progress.js';
import { lentConnector } from '../scan/lent-connector.js';
import { prestarted } from '../scan/prestarted-connector.js';
import type { LiveCatalog } from '../target/read-live-catalog.js';
import { catalogFromWalk } from '../target/read-live-catalog.js';
import type { FlagTarget } from '../target/target-from-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';

export type ScanFlags = FlagValues<typeof SCAN_FLAGS>;

/**
 * `mcp-eval scan --stdio … | --url … | --from-config … --server …`: the first look at a server with
 * no manifest, sending nothing that could change state. The catalog cases (discovery-cost,
 * token-cost, pagination, surface-listing) with SCAN_DEFAULTS' budgets, every conformance
 * assertion as `mcp-eval conformance` runs it (the same eras, `chooseEras`; the same levels,
 * `applyAssertionLevels`, so a failing SHOULD is `should-unmet` unless `--strict`), every lint rule, and latency-budget and degradation-over-n on the tools
 * `scanTimedTools` allows (annotated read-only, nothing required, called with `{}`), all in one
 * report with one gate (`scanGate`): exit 0 when it passed, 1 when it failed, 2 for an invalid
 * invocation, 4 when the server could not be started or reached.
 */
export async function scanCommand(io: Io, flags: ScanFlags): Promise<number> {
  const { both, targetFlags } = splitProtocol(flags);
  const server = targetFromFlags(targetFlags, io);
  const conformance: ScanConformance = { protocol: both ? 'both' : server.protocol, strict: flags.strict };
  const output = await prepareOutput(flags, io, { beside: '.' });
  const { suppressions } = await readSuppressions(undefined, io);
  const { entries, today } = output.reviewed;
  const reviewed = { entries, today, suppressions: [...suppressions, ...reviewedSuppressions(entries, today)] };
  // The report's own exit status (`reportExitCode`): 4 when nothing could be evaluated, else the gate.
  return output.run('scan', () => scanServer(server, conformance, reviewed, io));
}

/** How the conformance part runs: conformance's own `--protocol` (with `both`) and `--strict`. */
interface ScanConformance {
  readonly protocol: ConformanceProtocol;
  readonly strict: boolean;
}

/** The suppression file's and the reviewed file's entries: lint's as suppressions, every family's after the run. */
interface ScanReviewed {
  readonly entries: readonly ReviewedEntry[];
  readonly today: string;
  readonly suppressions: readonly Suppression[];
}

/** Everything scan measures: the timed part first, on its own, then conformance in the eras it chooses. */
async function scanServer(
  { target, protocol, timeoutMs }: FlagTarget,
  conformance: ScanConformance,
  { entries, today, suppressions }: ScanReviewed,
  io: Io,
): Promise<MeasuredRun> {
  const connector = createConnector(target, { protocol, timeoutMs });
  const progress = deferredProgress(io);
  const hooks = { onCaseStart: progress.onCaseStart, onCaseEnd: progress.onCaseEnd };
  // The eras first, as conformance chooses them: its probe connections are handed on, not wasted.
  const plan = await chooseEras(target, conformance.protocol, timeoutMs);
  // The timed part first, alone: conformance's traffic (in each era) would slow the very calls being timed.
  // A server the era probe could not reach is not waited for again: every part gets that failure.
  const unreachable = plan.kind === 'one' ? plan.unreachable : undefined;
  const timedConnector = unreachable === undefined ? connector : unreachableConnector(connector, unreachable);
  const timed = await readAndTime(timedConnector, timeoutMs, progress, conformanceChecks.length * erasOf(plan));
  const conformanceRun = await runPlannedConformance(plan, { timeoutMs, ...hooks });
  progress.done();

  const leveled = { ...conformanceRun, records: applyAssertionLevels(conformanceRun.records, conformanceChecks, conformance.strict) };
  const evaluations = [...timed.evaluations, leveled];
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
    // The page names the server by the same hash run and conformance record (never the command or URL).
    target: {
      transport: target.transport,
      identity: targetIdentity(target),
      ...(negotiated === undefined ? {} : { protocol: negotiated }),
    },
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
  /** The catalog cases, the latency cases, then the degradation cases. */
  readonly evaluations: readonly Evaluation[];
}

/**
 * Reads the catalog on one connection and chooses the tools to time from it; that connection then
 * runs the catalog cases and the latency cases, one at a time, while the degradation cases run on
 * a second one, started beside the first. Two server processes, not one per part: on a small
 * runner every start competes with the calls being timed. Only the timed calls are cut off at the
 * latency budget, so a slow tool costs one budget (on both connections at once), not `--timeout`;
 * the `tools/list` walk that finds the tool keeps `--timeout`, so a slow server reads as slow.
 */
async function readAndTime(connector: Connector, timeoutMs: number, progress: DeferredProgress, otherCases: number): Promise<TimedPart> {
  const hooks = { onCaseStart: progress.onCaseStart, onCaseEnd: progress.onCaseEnd };
  const catalogCases = scanCatalogCases();
  // Beside the first: the degradation cases then start when the latency cases do, not a server start later.
  const second = prestarted(connector);
  let connection: Connection;
  try {
    connection = await connector.connect();
  } catch (error) {
    await second.release();
    progress.start(otherCases + catalogCases.length);
    if (!(error instanceof ConnectError)) throw error;
    // Each catalog case tries on its own, so the report says per case why it has no verdict.
    const catalogRun = await evaluate({ connector, cases: catalogCases, timeoutMs, ...hooks });
    return { connectLabel: `connect-${error.kind}`, evaluations: [catalogRun] };
  }
  const protocol = connection.protocolVersion;
  try {
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
      progress.start(otherCases + catalogCases.length + latencyCases.length + degradationCases.length);
    }
    // One case at a time per connection: a second worker would start another server mid-measurement.
    const callTimeoutMs = Math.min(timeoutMs, SCAN_DEFAULTS.maxLatencyMs);
    const timedOptions = { timeoutMs, callTimeoutMs, concurrency: 1, ...hooks };
    const [sequential, degradation] = await Promise.all([
      (async () => {
        const catalogRun = await evaluate({
          connector: lentConnector(connector, connection),
          cases: catalogCases,
          timeoutMs,
          concurrency: 1,
          ...hooks,
        });
        if (latencyCases.length === 0) return [catalogRun];
        return [catalogRun, await evaluate({ ...timedOptions, connector: lentConnector(connector, connection), cases: latencyCases })];
      })(),
      degradationCases.length === 0 ? undefined : evaluate({ ...timedOptions, connector: second.connector, cases: degradationCases }),
    ]);
    return { catalog, protocol, evaluations: degradation === undefined ? sequential : [...sequential, degradation] };
  } finally {
    await Promise.all([connection.close(), second.release()]);
  }
}
