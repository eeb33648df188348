import type { OracleFacts } from '@mcp-eval/test-support';

import type { Verdict } from './verdicts.js';
import { verdictKey } from './verdicts.js';

/** Where an expectation came from (corpus/README.md describes each). */
export type ExpectationSource = `oracle:${string}` | 'recorded' | `hand:${string}`;

/** What one verdict must be. Absent fields are not compared. */
export interface Expectation {
  /** `command id@era`, as {@link verdictKey} builds it. */
  readonly key: string;
  readonly source: ExpectationSource;
  /** The verdict must not exist (e.g. a timed case on an open-world tool). */
  readonly absent?: true;
  readonly status?: string;
  readonly label?: string;
  /** The label must be none of these. */
  readonly labelNot?: readonly string[];
  readonly measurements?: Readonly<Record<string, number>>;
  /** Measurement names that must be absent. */
  readonly measurementsAbsent?: readonly string[];
  /** `label tool` findings that must not be reported. */
  readonly findingsAbsent?: readonly string[];
  /** Wrong on main today: the defect it shows. The test reports it as an expected failure until fixed. */
  readonly knownWrongOnMainAt?: string;
}

export interface ExpectedFile {
  readonly server: string;
  readonly package: string;
  readonly version: string;
  /** The eras the oracle could open, each with its facts. */
  readonly facts: Readonly<Record<string, OracleFacts>>;
  readonly expectations: readonly Expectation[];
}

/** Every way `actual` differs from `expected`, one phrase each; empty when it matches. */
export function mismatches(expected: Expectation, actual: Verdict | undefined): string[] {
  if (expected.absent === true) return actual === undefined ? [] : [`present (${actual.status} ${actual.label ?? ''}) but must be absent`];
  if (actual === undefined) return ['missing'];
  const out: string[] = [];
  if (expected.status !== undefined && actual.status !== expected.status) out.push(`status ${actual.status}, expected ${expected.status}`);
  if (expected.label !== undefined && actual.label !== expected.label)
    out.push(`label ${actual.label ?? '(none)'}, expected ${expected.label}`);
  if (expected.labelNot?.includes(actual.label ?? '') === true) out.push(`label ${actual.label ?? ''} is forbidden`);
  for (const [name, value] of Object.entries(expected.measurements ?? {})) {
    if (actual.measurements?.[name] !== value) out.push(`${name}=${String(actual.measurements?.[name])}, expected ${String(value)}`);
  }
  for (const name of expected.measurementsAbsent ?? [])
    if (actual.measurements?.[name] !== undefined) out.push(`${name} present, expected absent`);
  for (const finding of expected.findingsAbsent ?? [])
    if (actual.findings?.includes(finding) === true) out.push(`finding ${finding} must not be reported`);
  return out;
}

/** Verdicts by key. */
export function indexVerdicts(verdicts: readonly Verdict[]): Map<string, Verdict> {
  return new Map(verdicts.map((verdict) => [verdictKey(verdict), verdict]));
}
