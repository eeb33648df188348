import { ConnectError } from '@mcp-eval/protocol';
import type { Connection, Connector } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import { fingerprintCatalog } from '../catalog/tool-fingerprint.js';
import type { CheckDefinition } from '../check.js';
import { copyCaseRecord } from '../copy-record.js';
import type { CaseRecord, CatalogFingerprints, Gate, SourceLocation } from '../record.js';
import { endCaseSpan } from '../trace/case-span.js';
import type { RunTrace } from '../trace/run-trace.js';
import { epochNowMs } from '../trace/span-record.js';
import { randomSpanId } from '../trace/trace-ids.js';
import { tracedConnection } from '../trace/traced-connection.js';
import { aggregateRuns } from './aggregate-runs.js';
import { ConnectionSlot } from './connection-slot.js';
import { runCaseOnce } from './run-case.js';
import { shouldAddWorker } from './worker-growth.js';
import { runWorkerPool } from './worker-pool.js';
import type { RunOutcome } from './run-outcome.js';

export interface EngineCase {
  readonly id: string;
  readonly check: CheckDefinition;
  /** Parameters as the check's schema accepted them (defaults applied). */
  readonly params: unknown;
  readonly gate?: Gate;
  readonly location?: SourceLocation;
}

export interface EvaluateOptions {
  readonly connector: Connector;
  readonly cases: readonly EngineCase[];
  /** Runs per case. @default 1 */
  readonly repeat?: number;
  /** A declared sandbox and `--allow-mutation`, both. @default false */
  readonly allowMutation?: boolean;
  /** Per-request limit. @default 10000 */
  readonly timeoutMs?: number;
  /**
   * The cut-off of each tool call a check times, when shorter than `timeoutMs` (a scan's latency
   * budget). Only the timed call is cut: the `tools/list` walk that finds the tool, and every other
   * request, keep `timeoutMs`, so a slow server is judged slow, never unreadable. @default timeoutMs
   */
  readonly callTimeoutMs?: number;
  /** Per-run limit of one case. @default 10 × timeoutMs */
  readonly caseTimeoutMs?: number;
  /** The most any list walk may take in. @default DEFAULT_CATALOG_BUDGET */
  readonly catalogBudget?: CatalogBudget;
  /**
   * The most connections (so, on stdio, server processes) running cases at once. The engine opens
   * more than one only when the queued work outweighs a connection's cold start. @default 4
   */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  /** The run's trace: each case run gets a span, each request a child span and a `traceparent`. */
  readonly trace?: RunTrace;
  /**
   * Also return the catalog as fingerprints (the report's `catalog`, what drift compares): `always`
   * walks it if no case did; `if-read` returns it only when a case already walked it (free).
   */
  readonly snapshotCatalog?: 'always' | 'if-read';
  readonly onCaseStart?: (id: string) => void;
  readonly onCaseEnd?: (record: CaseRecord) => void;
}

export interface Evaluation {
  readonly records: readonly CaseRecord[];
  /** The negotiated revision, when any connection was made. */
  readonly protocol?: string;
  /** Evaluator-side failures that concern the whole run, as fixed labels. */
  readonly invocationErrors: readonly { readonly label: string }[];
  /** With `snapshotCatalog`: the first connection's catalog snapshot, as fingerprints. */
  readonly catalog?: CatalogFingerprints;
}

interface Unit {
  readonly caseIndex: number;
  readonly run: number;
}

/** Each case's runs as they finish (out of order across workers), folded into its record after the last. */
class CaseTally {
  private readonly outcomes: RunOutcome[][];
  private readonly durations: number[];
  private readonly remaining: number[];
  readonly records: (CaseRecord | undefined)[];
  private readonly cases: readonly EngineCase[];
  private readonly onCaseEnd: ((record: CaseRecord) => void) | undefined;

  constructor(cases: readonly EngineCase[], repeat: number, onCaseEnd?: (record: CaseRecord) => void) {
    this.cases = cases;
    this.onCaseEnd = onCaseEnd;
    this.outcomes = cases.map(() => []);
    this.durations = cases.map(() => 0);
    this.remaining = cases.map(() => repeat);
    this.records = cases.map(() => undefined);
  }

  add(unit: Unit, outcome: RunOutcome, elapsedMs: number): void {
    const engineCase = this.cases[unit.caseIndex];
    if (engineCase === undefined) return;
    this.durations[unit.caseIndex] = (this.durations[unit.caseIndex] ?? 0) + elapsedMs;
    // Keep runs in run order.
    (this.outcomes[unit.caseIndex] ??= [])[unit.run] = outcome;
    this.remaining[unit.caseIndex] = (this.remaining[unit.caseIndex] ?? 1) - 1;
    if (this.remaining[unit.caseIndex] !== 0) return;
    const aggregated = aggregateRuns(this.outcomes[unit.caseIndex] ?? [], engineCase.gate ?? 'hard');
    const record = toRecord(engineCase, aggregated, this.durations[unit.caseIndex] ?? 0);
    this.records[unit.caseIndex] = record;
    this.onCaseEnd?.(record);
  }
}

/** One run of one case on a slot's connection, traced when the run is. */
async function runUnit(
  engineCase: EngineCase,
  unit: Unit,
  slot: ConnectionSlot,
  options: EvaluateOptions,
  clock: () => void,
): Promise<RunOutcome> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Opening a connection is the pool's cost, not the case's: the clock starts after it.
  const connection = await slot.acquire(options.signal);
  clock();
  const { trace } = options;
  const caseSpan = trace && {
    spanId: randomSpanId(),
    caseId: engineCase.id,
    check: engineCase.check,
    run: unit.run,
    startTimeMs: epochNowMs(),
  };
  const outcome = await runCaseOnce({
    check: engineCase.check,
    params: engineCase.params,
    connection,
    slot,
    connector: options.connector,
    allowMutation: options.allowMutation ?? false,
    timeoutMs,
    ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
    caseTimeoutMs: options.caseTimeoutMs ?? timeoutMs * 10,
    ...(options.catalogBudget ? { catalogBudget: options.catalogBudget } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(trace && caseSpan ? { wrapConnection: (c: Connection) => tracedConnection(c, trace, caseSpan.spanId) } : {}),
  });
  if (trace && caseSpan) endCaseSpan(trace, caseSpan, outcome);
  return outcome;
}

/** The server cannot be reached at all: every case is `error` `connect-failed`, said once. */
function unreachable(error: unknown, options: EvaluateOptions): Evaluation {
  const kind = error instanceof ConnectError ? error.kind : 'unknown';
  // The HTTP status, exit code or signal number: what the console's one line and `explain` say.
  const measurements = error instanceof ConnectError ? error.measurements() : {};
  const records = options.cases.map((c) =>
    toRecord(c, aggregateRuns([{ status: 'error', label: 'connect-failed', measurements }], 'hard'), 0),
  );
  records.forEach((r) => options.onCaseEnd?.(r));
  return { records, invocationErrors: [{ label: `connect-${kind}` }] };
}

/**
 * Runs every case against fresh connections from `connector`: cases are spread over a bounded set
 * of independent connections, one case's failure never stops another, and each case's runs fold
 * into one record.
 */
export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const repeat = options.repeat ?? 1;
  const { cases, connector } = options;
  if (cases.length === 0 && options.snapshotCatalog !== 'always') return { records: [], invocationErrors: [] };

  // One connection up front: if the server cannot be reached at all, say so once, quickly.
  let first: Connection;
  try {
    first = await connector.connect(options.signal ? { signal: options.signal } : {});
  } catch (error) {
    return unreachable(error, options);
  }
  const protocol = first.protocolVersion;
  const units: Unit[] = cases.flatMap((_, caseIndex) => Array.from({ length: repeat }, (_unused, run) => ({ caseIndex, run })));
  const tally = new CaseTally(cases, repeat, options.onCaseEnd);
  const slots: ConnectionSlot[] = [];
  // More connections only when the queue outweighs what opening one costs (see worker-growth.ts).
  const connectMs = Math.max(1, first.coldStartMs);
  let catalog: CatalogFingerprints | undefined;
  try {
    await runWorkerPool({
      units,
      maxWorkers: Math.max(1, Math.min(options.concurrency ?? 4, units.length)),
      open: (index) => {
        const slot = index === 0 ? new ConnectionSlot(connector, first) : new ConnectionSlot(connector);
        slots.push(slot);
        return slot;
      },
      clocked: true,
      run: async (unit, slot, clock) => {
        const engineCase = cases[unit.caseIndex];
        if (!engineCase) return;
        if (unit.run === 0) options.onCaseStart?.(engineCase.id);
        let started = 0;
        const outcome = await runUnit(engineCase, unit, slot, options, () => ((started = performance.now()), clock()));
        tally.add(unit, outcome, performance.now() - started);
      },
      grow: { should: (stats) => shouldAddWorker({ ...stats, connectMs }), tickMs: Math.max(20, connectMs / 2) },
    });
    const timeoutMs = options.timeoutMs ?? 10_000;
    catalog = options.snapshotCatalog === undefined ? undefined : await snapshotOf(slots[0], options.snapshotCatalog, timeoutMs, options);
  } finally {
    await Promise.allSettled(slots.map((slot) => slot.close()));
  }
  return {
    records: tally.records.filter((r): r is CaseRecord => r !== undefined),
    protocol,
    invocationErrors: [],
    ...(catalog === undefined ? {} : { catalog }),
  };
}

/** The slot's shared catalog: free when a case already walked it, one walk otherwise. */
async function snapshotOf(
  slot: ConnectionSlot | undefined,
  mode: 'always' | 'if-read',
  timeoutMs: number,
  options: Pick<EvaluateOptions, 'catalogBudget' | 'signal'>,
): Promise<CatalogFingerprints | undefined> {
  const held = slot?.catalog?.held();
  if (held !== undefined) return fingerprintCatalog(held);
  if (mode === 'if-read') return undefined;
  const connection = await slot?.acquire(options.signal);
  const snapshot = slot?.catalog;
  if (connection === undefined || snapshot === undefined) return undefined;
  const walk = await snapshot.tools({
    connection,
    timeoutMs,
    signal: options.signal ?? new AbortController().signal,
    ...(options.catalogBudget ? { catalogBudget: options.catalogBudget } : {}),
  });
  return fingerprintCatalog(walk);
}

function toRecord(engineCase: EngineCase, aggregated: ReturnType<typeof aggregateRuns>, durationMs: number): CaseRecord {
  const { outcome, runs, passes, passRate } = aggregated;
  const { id, gate, location } = engineCase;
  return copyCaseRecord({
    ...outcome,
    id,
    kind: engineCase.check.kind,
    check: engineCase.check.id,
    runs,
    passes,
    passRate,
    gate,
    location,
    durationMs: Math.round(durationMs),
  });
}
