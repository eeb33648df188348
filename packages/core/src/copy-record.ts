import type {
  CaseRecord,
  CatalogFingerprints,
  CheckInfo,
  Finding,
  Measurements,
  ModelColumn,
  ReviewedEntryState,
  RoleSpend,
  RunGate,
  SchemaSummary,
  ToolFingerprint,
} from './record.js';
import { ANNOTATION_FLAGS } from './record.js';

type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * A record's fields as a builder has them: every optional field may also be `undefined`, which the
 * copy leaves out (a record's optional fields are absent, never `undefined`).
 */
export type RecordFields<T> = Omit<T, OptionalKeys<T>> & { readonly [K in OptionalKeys<T>]?: T[K] | undefined };

/** A finding's rewrites at the record boundary (the engine validates tool names, keeps finite numbers). */
export interface FindingRewrite {
  readonly tool?: (tool: string) => string;
  readonly measurements?: (measurements: Measurements) => Measurements;
}

/**
 * The one field-by-field copy of a finding: only the fields a `Finding` has (a caller's object may
 * carry more, and only what the record boundary allows may leave the process), in a fixed key order
 * so saved reports diff cleanly. A new finding field is one edit here, beside its schema.
 */
export function copyFinding(finding: RecordFields<Finding>, rewrite: FindingRewrite = {}): Finding {
  const { tool, pointer, measurements, suppressed } = finding;
  return {
    label: finding.label,
    ...(tool === undefined ? {} : { tool: rewrite.tool ? rewrite.tool(tool) : tool }),
    ...(pointer === undefined ? {} : { pointer }),
    ...(measurements === undefined
      ? {}
      : { measurements: rewrite.measurements ? rewrite.measurements(measurements) : { ...measurements } }),
    ...(suppressed === undefined ? {} : { suppressed }),
  };
}

/** A case record as a builder has it: its findings as builders have them too. */
export type CaseRecordFields = Omit<RecordFields<CaseRecord>, 'findings'> & {
  readonly findings?: readonly RecordFields<Finding>[] | undefined;
};

/** The one field-by-field copy of a case record (see `copyFinding`); nested values are copied too. */
export function copyCaseRecord(record: CaseRecordFields): CaseRecord {
  const { label, tool, findings, gate, location, model, era, reviewed } = record;
  return {
    id: record.id,
    kind: record.kind,
    check: record.check,
    status: record.status,
    ...(label === undefined ? {} : { label }),
    ...(tool === undefined ? {} : { tool }),
    measurements: { ...record.measurements },
    ...(findings === undefined ? {} : { findings: findings.map((finding) => copyFinding(finding)) }),
    runs: record.runs,
    passes: record.passes,
    passRate: record.passRate,
    ...(gate === undefined ? {} : { gate }),
    ...(location === undefined ? {} : { location: { file: location.file, line: location.line, column: location.column } }),
    durationMs: record.durationMs,
    ...(model === undefined ? {} : { model }),
    ...(era === undefined ? {} : { era }),
    ...(reviewed === undefined ? {} : { reviewed: { file: reviewed.file, line: reviewed.line, column: reviewed.column } }),
  };
}

/** The one copy of what a report says about a check (see `copyFinding`). */
export function copyCheckInfo(check: RecordFields<CheckInfo>): CheckInfo {
  const { securitySeverity, layer, severity } = check;
  return {
    id: check.id,
    kind: check.kind,
    title: check.title,
    summary: check.summary,
    ...(securitySeverity === undefined ? {} : { securitySeverity }),
    ...(layer === undefined ? {} : { layer }),
    ...(severity === undefined ? {} : { severity }),
  };
}

/** The one copy of a run-level gate. */
export function copyRunGate(gate: RunGate): RunGate {
  return { passed: gate.passed, threshold: gate.threshold, failures: [...gate.failures] };
}

/** The one copy of a model column's scores (see `copyFinding`). */
export function copyModelColumn(column: RecordFields<ModelColumn>): ModelColumn {
  const { selectionAccuracy, argumentCorrectness, sequenceCorrectness, overTriggerRate, score, scoreGate } = column;
  return {
    id: column.id,
    provider: column.provider,
    ...(selectionAccuracy === undefined ? {} : { selectionAccuracy }),
    ...(argumentCorrectness === undefined ? {} : { argumentCorrectness }),
    ...(sequenceCorrectness === undefined ? {} : { sequenceCorrectness }),
    ...(overTriggerRate === undefined ? {} : { overTriggerRate }),
    ...(score === undefined ? {} : { score }),
    ...(scoreGate === undefined ? {} : { scoreGate: { threshold: scoreGate.threshold, passed: scoreGate.passed } }),
    requests: column.requests,
    inputTokens: column.inputTokens,
    outputTokens: column.outputTokens,
    cachedTrials: column.cachedTrials,
  };
}

/** The one copy of a role's spend (see `copyFinding`). */
export function copyRoleSpend(entry: RecordFields<RoleSpend>): RoleSpend {
  return {
    role: entry.role,
    model: entry.model,
    requests: entry.requests,
    inputTokens: entry.inputTokens,
    outputTokens: entry.outputTokens,
  };
}

/** The one copy of a reviewed entry's state (see `copyFinding`). */
export function copyReviewedEntryState(entry: RecordFields<ReviewedEntryState>): ReviewedEntryState {
  const { tool, model, location } = entry;
  return {
    family: entry.family,
    check: entry.check,
    ...(tool === undefined ? {} : { tool }),
    ...(model === undefined ? {} : { model }),
    location: { file: location.file, line: location.line, column: location.column },
    state: entry.state,
  };
}

/** The one copy of a schema summary (see `copyFinding`). */
export function copySchemaSummary(summary: SchemaSummary): SchemaSummary {
  return {
    hash: summary.hash,
    paths: summary.paths.map((p) => ({ path: p.path, types: [...p.types], required: p.required })),
    truncated: summary.truncated,
  };
}

/** The one copy of a tool's fingerprint (see `copyFinding`). */
export function copyToolFingerprint(tool: ToolFingerprint): ToolFingerprint {
  const { description, output, annotations } = tool;
  const flags: Record<string, boolean> = {};
  for (const flag of ANNOTATION_FLAGS) {
    const value = annotations[flag];
    if (value !== undefined) flags[flag] = value;
  }
  return {
    name: tool.name,
    ...(description === undefined ? {} : { description }),
    input: copySchemaSummary(tool.input),
    ...(output === undefined ? {} : { output: copySchemaSummary(output) }),
    annotations: flags,
    entry: tool.entry,
  };
}

/** The one copy of a catalog snapshot's fingerprints (see `copyFinding`). */
export function copyCatalogFingerprints(catalog: CatalogFingerprints): CatalogFingerprints {
  return { complete: catalog.complete, tools: catalog.tools.map(copyToolFingerprint) };
}
