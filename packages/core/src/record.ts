/**
 * The record boundary (DESIGN section 4): what may leave the process. Only case ids, check ids,
 * validated tool names, fixed labels, numbers and manifest locations. Never server text.
 */

export type CheckKind = 'dimension' | 'probe' | 'conformance' | 'lint';

/** `fail`: the server failed the check. `error`: the evaluator could not run it. */
export type Status = 'pass' | 'fail' | 'skip' | 'error';

export const STATUSES: readonly Status[] = ['pass', 'fail', 'skip', 'error'];

/** Named numbers: `tools`, `catalogBytes`, `latencyMs`, `attempt`, `jsonRpcCode`, ... */
export type Measurements = Readonly<Record<string, number>>;

export interface SourceLocation {
  /** The manifest path as given to the run (relative paths stay relative). */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

/**
 * One observation inside a case: a tool, a manifest address, or both, with a label and numbers.
 * `tool` is a validated tool name; `pointer` is a JSON Pointer the manifest author wrote.
 */
export interface Finding {
  readonly label: string;
  readonly tool?: string;
  readonly pointer?: string;
  readonly measurements?: Measurements;
  /** Lint only: the finding was suppressed with a justification kept in the suppression file. */
  readonly suppressed?: boolean;
}

/** How strictly repeats gate a case: `hard` needs every run to pass, `soft` a pass rate >= 0.8. */
export type Gate = 'hard' | 'soft';

export interface CaseRecord {
  readonly id: string;
  readonly kind: CheckKind;
  readonly check: string;
  readonly status: Status;
  /** A fixed kebab-case label from the check's closed set; absent on a plain pass. */
  readonly label?: string;
  readonly tool?: string;
  readonly measurements: Measurements;
  readonly findings?: readonly Finding[];
  readonly runs: number;
  readonly passes: number;
  readonly passRate: number;
  readonly gate?: Gate;
  readonly location?: SourceLocation;
  readonly durationMs: number;
}

export interface RunSummary {
  readonly cases: number;
  readonly pass: number;
  readonly fail: number;
  readonly skip: number;
  readonly error: number;
}

export interface RunTarget {
  /** How the server was reached; `file` when there was no server, only a saved catalog (`lint --catalog`). */
  readonly transport: 'stdio' | 'http' | 'file';
  /** The negotiated revision, or absent when no connection could be made. */
  readonly protocol?: string;
  /**
   * `run`: which server, as `sha256:` and 16 hex digits of the command and arguments (stdio) or
   * the URL (HTTP); never the command or URL itself, which may carry secrets. Baselines compare it.
   */
  readonly identity?: string;
}

/** What a report says about each check it ran, so a saved report re-renders without core's registry. */
export interface CheckInfo {
  readonly id: string;
  readonly kind: CheckKind;
  readonly title: string;
  readonly summary: string;
  /** SARIF `security-severity` (0.1-10) for checks with security impact. */
  readonly securitySeverity?: number;
  /** Lint rules: their layer and severity. */
  readonly layer?: string;
  readonly severity?: string;
}

/**
 * A run-level gate over the cases, for commands whose verdict is not "every case passed": lint
 * passes on a score threshold and no critical finding, even with failing rules.
 */
export interface RunGate {
  readonly passed: boolean;
  readonly threshold: number;
  /** Fixed labels saying why it failed (`score-below-threshold`, `critical-finding`); empty on a pass. */
  readonly failures: readonly string[];
}

/** The JSON report envelope, version 1. Reporters render it; `report` re-renders it. */
export interface RunReport {
  readonly reportVersion: 1;
  readonly tool: { readonly name: 'mcp-eval'; readonly version: string };
  /** What ran: `run` for a manifest, or `conformance` / `lint` / `scan` for the manifest-less commands. */
  readonly command: 'run' | 'conformance' | 'lint' | 'scan';
  readonly manifest?: string;
  readonly target: RunTarget;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly summary: RunSummary;
  readonly cases: readonly CaseRecord[];
  /** Every check that appears in `cases`. */
  readonly checks: readonly CheckInfo[];
  /** Lint only: 0-100 scores per layer and overall, and whether the gate passed. */
  readonly scores?: Readonly<Record<string, number>>;
  /** Lint only: the gate the exit status follows. Without it, the run passes when no case failed or errored. */
  readonly gate?: RunGate;
  /** Failures of the evaluator itself (not of the server), e.g. a connection that never opened. */
  readonly invocationErrors?: readonly { readonly label: string }[];
}

export function summarize(cases: readonly CaseRecord[]): RunSummary {
  const summary = { cases: cases.length, pass: 0, fail: 0, skip: 0, error: 0 };
  for (const c of cases) summary[c.status] += 1;
  return summary;
}
