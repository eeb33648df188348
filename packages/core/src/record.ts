/**
 * The record boundary (docs/record.md): what may leave the
 * process. Only case ids, check ids, validated tool names, fixed labels, numbers and manifest
 * locations. Never server text.
 *
 * Each shape is written once, as a TypeBox schema, in one of the `record-*` files (a case and its
 * findings, a check's info, the run gate, model columns, catalog fingerprints, reviewed entries);
 * this file holds the report envelope that composes them and re-exports them all. Its TypeScript
 * type is derived from it, and the shipped `report.schema.json` is generated from the same schemas
 * (`report-schema.ts`), so a new record field is one edit in a `record-*` file (and its copy in
 * `copy-record.ts`). The record imports nothing else of core (a `.dependency-cruiser.cjs` rule):
 * the vocabularies it holds (lint layers and severities, gate failures) are imported from here.
 */
import Type from 'typebox';
import type { Static } from 'typebox';
import { CaseRecordSchema, RunSummarySchema } from './record-case.js';
import { CatalogFingerprintsSchema } from './record-catalog.js';
import { CheckInfoSchema } from './record-check-info.js';
import { RunGateSchema } from './record-gate.js';
import { ModelColumnSchema, RoleSpendSchema } from './record-model.js';
import { closed, CountSchema, KeySchema, LabelSchema, list, MillisecondsSchema, safeText } from './record-primitives.js';
import { ReviewedEntryStateSchema } from './record-reviewed.js';

export type { CaseRecord, Finding, Gate, RunSummary, Status } from './record-case.js';
export { CaseRecordSchema, FindingSchema, SOFT_GATE_PASS_RATE, STATUSES, summarize } from './record-case.js';
export type { AnnotationFlag, CatalogFingerprints, SchemaSummary, SchemaType, ToolFingerprint } from './record-catalog.js';
export { ANNOTATION_FLAGS, MAX_SUMMARY_PATHS, SCHEMA_TYPES, ToolFingerprintSchema } from './record-catalog.js';
export type { CheckInfo, LintLayer, LintSeverity } from './record-check-info.js';
export { CheckInfoSchema, LINT_LAYERS, LINT_SEVERITIES } from './record-check-info.js';
export type { LintGateFailure, RunGate, RunGateFailure } from './record-gate.js';
export type { ModelColumn, ModelProvider, RoleSpend } from './record-model.js';
export { MODEL_PROVIDER_IDS } from './record-model.js';
export { ModelColumnSchema, RoleSpendSchema } from './record-model.js';
export type { CheckKind, Measurements, RecordEra, SourceLocation } from './record-primitives.js';
export { DEF_KEY } from './record-primitives.js';
export type { ReviewedEntryState, ReviewedState } from './record-reviewed.js';

const RunTargetSchema = closed({
  /** How the server was reached; `file` when there was no server, only a saved catalog (`lint --catalog`). */
  transport: Type.Enum(['stdio', 'http', 'file'], {
    description: '`file`: no server was reached, a saved catalog was read (`lint --catalog`).',
  }),
  /** The negotiated revision, or absent when no connection could be made (or a conformance run spoke both eras: each record says its era). */
  protocol: Type.Optional(
    Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      description:
        'The negotiated protocol revision; absent when no connection was made, or when a conformance run spoke both eras (each case then says its era).',
    }),
  ),
  /**
   * `run`, `conformance` and `scan`: which server, as `sha256:` and 16 hex digits of the command and arguments (stdio) or
   * the URL (HTTP); never the command or URL itself, which may carry secrets. Baselines compare it.
   */
  identity: Type.Optional(
    Type.String({
      pattern: '^sha256:[0-9a-f]{16}$',
      description:
        '`run`, `conformance` and `scan`: a hash of the stdio command and arguments or of the HTTP URL (never the command or URL itself); `--baseline` refuses a baseline whose identity differs.',
    }),
  ),
});
export type RunTarget = Static<typeof RunTargetSchema>;

/** Most shards a run may be split into (`run --shard k/n`); the CLI refuses more. */
export const MAX_SHARD_COUNT = 256;

/**
 * `run --shard k/n`: which part of the manifest this report holds, and what it is a part of (a hash
 * of the manifest file), so `merge` can refuse shards of different manifests or a set with gaps.
 */
const ShardSchema = closed(
  {
    index: Type.Integer({ minimum: 1, maximum: MAX_SHARD_COUNT }),
    count: Type.Integer({ minimum: 1, maximum: MAX_SHARD_COUNT }),
    manifest: Type.String({ pattern: '^sha256:[0-9a-f]{16}$', description: "A hash of the manifest file's bytes." }),
    /**
     * The units of work (a case, or a behavior case on one model column) the shard was assigned: how
     * many, and a hash of their sorted keys, so `merge` can tell a shard that lost cases without the manifest.
     */
    assigned: closed(
      { units: CountSchema, hash: Type.String({ pattern: '^sha256:[0-9a-f]{16}$' }) },
      {
        description:
          'The units of work the shard was assigned: their count and a hash of their sorted keys; merge checks its records hold exactly these.',
      },
    ),
  },
  { description: '`run --shard k/n` only: shard k of n, of the manifest with this hash; `merge` joins the n shards.' },
);
export type RunShard = Static<typeof ShardSchema>;

/** The JSON report envelope, version 1. Reporters render it; `report` re-renders it. */
export const RunReportSchema = closed(
  {
    reportVersion: Type.Unsafe<1>({ const: 1, description: 'Bumped on any incompatible change to this envelope.' }),
    tool: closed({ name: Type.Unsafe<'mcp-eval'>({ const: 'mcp-eval' }), version: safeText({ minLength: 1, maxLength: 64 }) }),
    /** What ran: `run` for a manifest, or `conformance` / `lint` / `scan` for the manifest-less commands. */
    command: Type.Enum(['run', 'conformance', 'lint', 'scan', 'snapshot'], {
      description:
        '`run` evaluates a manifest; `conformance`, `lint` and `scan` need none; `snapshot` holds only the catalog fingerprints (`catalog`), a baseline for drift.',
    }),
    manifest: Type.Optional(safeText({ minLength: 1, description: 'The manifest path as given to the run.' })),
    target: RunTargetSchema,
    /** `run --shard k/n`: which shard of which manifest this report holds. */
    shard: Type.Optional(ShardSchema),
    startedAt: Type.String({ format: 'date-time' }),
    /** `run`: the W3C trace id of the run's trace (`traceparent` in each request's `_meta`, the spans `--otlp-endpoint` exports). */
    runId: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{32}$',
        description:
          "`run`: the run's W3C trace id, as sent in each request's `traceparent` and exported with `--otlp-endpoint`: find the run's trace by it.",
      }),
    ),
    durationMs: MillisecondsSchema,
    summary: RunSummarySchema,
    cases: list(CaseRecordSchema),
    /** Every check that appears in `cases`. */
    checks: list(CheckInfoSchema),
    /** Lint only: 0-100 scores per layer and overall, and whether the gate passed. */
    scores: Type.Optional(
      Type.Unsafe<Readonly<Record<string, number>>>({
        type: 'object',
        description: 'Lint only: 0-100 per layer and overall.',
        propertyNames: KeySchema,
        additionalProperties: { type: 'number', minimum: 0, maximum: 100 },
      }),
    ),
    /** Lint only: the gate the exit status follows. Without it, the run passes when no case failed or errored. */
    gate: Type.Optional(RunGateSchema),
    /**
     * Failures of the evaluator itself (not of the server), e.g. a connection that never opened. A
     * fixed label like every other: pretty and sarif print it, so a saved report may not put text there.
     */
    invocationErrors: Type.Optional(
      list(closed({ label: LabelSchema }), { description: 'Failures of the evaluator itself, not of the server.' }),
    ),
    /** Runs with a model layer: one entry per model column, its scores and spend. */
    models: Type.Optional(list(ModelColumnSchema, { description: 'One entry per model column: its pooled scores and spend.' })),
    /** Runs with a judge or generator: each role's requests and tokens, per column. */
    roles: Type.Optional(list(RoleSpendSchema, { description: 'Requests and tokens per role (judge, generator) and column.' })),
    /** `run`: the catalog the run read, as fingerprints only (see docs/drift.md). */
    catalog: Type.Optional(CatalogFingerprintsSchema),
    /** Runs that read a reviewed file: every entry once, with what became of it. */
    reviewedEntries: Type.Optional(
      list(ReviewedEntryStateSchema, {
        description: 'Every entry of the reviewed file once: applied, stale (matched nothing) or expired.',
      }),
    ),
  },
  {
    title: 'MCP Eval report, version 1',
    description:
      'The JSON envelope written by `mcp-eval run --reporter json` and read by `mcp-eval report`. It carries only case ids, check ids, validated tool names, fixed kebab-case labels, numbers and manifest locations: nothing a server said.',
  },
);
export type RunReport = Static<typeof RunReportSchema>;
