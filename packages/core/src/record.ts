/**
 * The record boundary (DESIGN section 4): what may leave the process. Only case ids, check ids,
 * validated tool names, fixed labels, numbers and manifest locations. Never server text.
 *
 * Each shape is written once, as a TypeBox schema; its TypeScript type is derived from it, and the
 * shipped `report.schema.json` is generated from the same schemas (`report-schema.ts`), so a new
 * record field is one edit here (and its copy in `copy-record.ts`).
 */
import Type from 'typebox';
import type { Static, TProperties, TSchema } from 'typebox';
import type { LintLayer, LintSeverity } from './lint/lint-rule.js';
import { LINT_LAYERS, LINT_SEVERITIES } from './lint/lint-rule.js';
import type { GateFailure } from './lint/score-lint.js';
import type { ScanGateFailure } from './scan/scan-gate.js';
import { SAFE_TEXT_PATTERN } from './terminal-text.js';

/**
 * Marks a schema as a named definition: `reportJsonSchema` writes it once under `$defs` and refers to
 * it by `$ref` wherever it is used. The key never reaches the shipped schema.
 */
export const DEF_KEY = 'x-def';

function def<T extends TSchema>(name: string, schema: T): T {
  return Object.assign(schema, { [DEF_KEY]: name });
}

/** A closed object of readonly properties, as every record shape is. */
function closed<P extends TProperties>(properties: P, options: Record<string, unknown> = {}) {
  return Type.ReadonlyObject(Type.Object(properties), { additionalProperties: false, ...options });
}

function list<T extends TSchema>(items: T, options: Record<string, unknown> = {}) {
  return Type.Immutable(Type.Array(items, options));
}

const KEBAB = '^[a-z0-9]+(-[a-z0-9]+)*$';

/**
 * Text a saved report holds that a reporter prints (ids, manifest paths, pointers, versions, check
 * titles): no control character (C0, DEL, C1), newline or bidirectional control, so a hostile file
 * cannot rewrite what a terminal shows (an `ESC[1A` in a case id redrawing a FAIL as a PASS).
 */
function safeText(options: Record<string, unknown> = {}) {
  return Type.String({ pattern: SAFE_TEXT_PATTERN, ...options });
}

const LabelSchema = def(
  'label',
  Type.String({ description: "A fixed kebab-case label from a check's closed set.", pattern: KEBAB, maxLength: 100 }),
);
const CheckIdSchema = def('checkId', Type.String({ pattern: KEBAB, maxLength: 100 }));
const ToolNameSchema = def(
  'toolName',
  Type.String({
    description: 'A tool name that passed the MCP tool-name rules, or the placeholder that replaced one that did not.',
    pattern: '^(?:[A-Za-z0-9_\\-./]{1,128}|<invalid-tool-name>)$',
  }),
);
const KeySchema = def(
  'key',
  Type.String({ description: 'A measurement or score name (camelCase or kebab-case).', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }),
);
const CountSchema = def('count', Type.Integer({ minimum: 0 }));
const MillisecondsSchema = def('milliseconds', Type.Number({ minimum: 0 }));

const CheckKindSchema = def('kind', Type.Enum(['dimension', 'probe', 'conformance', 'lint', 'behavior', 'drift']));
export type CheckKind = Static<typeof CheckKindSchema>;

/** A model column's id, as the manifest author chose it (never a model name or a URL). */
const MODEL_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
const ModelIdSchema = def(
  'modelId',
  Type.String({ description: "A model column's id as the manifest names it (never a model name or URL).", pattern: MODEL_ID_PATTERN }),
);

/** A protocol era: `modern` is the 2026-07-28 revision, `legacy` the 2025-11-25 one and earlier. */
const EraSchema = def(
  'era',
  Type.Enum(['modern', 'legacy'], { description: '`modern`: the 2026-07-28 revision; `legacy`: 2025-11-25 and earlier.' }),
);
export type RecordEra = Static<typeof EraSchema>;

/** `fail`: the server failed the check. `error`: the evaluator could not run it. */
const STATUS_VALUES = ['pass', 'fail', 'skip', 'error'] as const;
export type Status = (typeof STATUS_VALUES)[number];
export const STATUSES: readonly Status[] = STATUS_VALUES;

/** Named numbers: `tools`, `catalogBytes`, `latencyMs`, `attempt`, `jsonRpcCode`, ... */
export type Measurements = Readonly<Record<string, number>>;
const MeasurementsSchema = def(
  'measurements',
  Type.Unsafe<Measurements>({ type: 'object', propertyNames: KeySchema, additionalProperties: { type: 'number' } }),
);

const SourceLocationSchema = def(
  'location',
  closed({
    /** The manifest path as given to the run (relative paths stay relative). */
    file: safeText({ minLength: 1 }),
    /** 1-based. */
    line: Type.Integer({ minimum: 1 }),
    /** 1-based. */
    column: Type.Integer({ minimum: 1 }),
  }),
);
export type SourceLocation = Static<typeof SourceLocationSchema>;

/**
 * One observation inside a case: a tool, a manifest address, or both, with a label and numbers.
 * `tool` is a validated tool name; `pointer` is a JSON Pointer the manifest author wrote.
 */
export const FindingSchema = def(
  'finding',
  closed({
    label: LabelSchema,
    tool: Type.Optional(ToolNameSchema),
    pointer: Type.Optional(
      safeText({ description: 'A field address the manifest author wrote: a top-level field name or a JSON Pointer.' }),
    ),
    measurements: Type.Optional(MeasurementsSchema),
    /** Lint only: the finding was suppressed with a justification kept in the suppression file. */
    suppressed: Type.Optional(Type.Boolean()),
  }),
);
export type Finding = Static<typeof FindingSchema>;

/** How strictly repeats gate a case: `hard` needs every run to pass, `soft` a pass rate >= 0.8. */
const GateSchema = Type.Enum(['hard', 'soft']);
export type Gate = Static<typeof GateSchema>;

export const CaseRecordSchema = def(
  'case',
  closed(
    {
      id: safeText({ minLength: 1 }),
      kind: CheckKindSchema,
      check: CheckIdSchema,
      status: Type.Enum(STATUS_VALUES),
      /** A fixed kebab-case label from the check's closed set; absent on a plain pass. */
      label: Type.Optional(LabelSchema),
      tool: Type.Optional(ToolNameSchema),
      measurements: MeasurementsSchema,
      findings: Type.Optional(list(FindingSchema)),
      runs: CountSchema,
      passes: CountSchema,
      passRate: Type.Number({ minimum: 0, maximum: 1 }),
      gate: Type.Optional(GateSchema),
      location: Type.Optional(SourceLocationSchema),
      durationMs: MillisecondsSchema,
      /** Behavior records: the model column that ran the case (records are keyed by id, check and model). */
      model: Type.Optional(ModelIdSchema),
      /** Conformance records of a run that spoke both eras: the era the assertion ran in (records are keyed by id, check and era). */
      era: Type.Optional(EraSchema),
      /**
       * A reviewed false positive: the entry of the reviewed file (`mcp-eval.reviewed.yaml`) that
       * accepted this failing or erroring record (or a lint record that passes only because every
       * finding is suppressed), as its location there. The justification stays in that file,
       * as lint's suppressions keep theirs: a saved report holds no free text. A reviewed record keeps
       * its status and does not fail the run (`reviewed.md`).
       */
      reviewed: Type.Optional(SourceLocationSchema),
    },
    {
      if: { properties: { status: { const: 'pass' } } },
      else: { description: 'Every status but pass says why with a label.', required: ['label'], properties: { label: true } },
    },
  ),
);
export type CaseRecord = Static<typeof CaseRecordSchema>;

const RunSummarySchema = closed({ cases: CountSchema, pass: CountSchema, fail: CountSchema, skip: CountSchema, error: CountSchema });
export type RunSummary = Static<typeof RunSummarySchema>;

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

const LayerSchema = def('layer', Type.Unsafe<LintLayer>({ description: "A lint rule's layer.", enum: [...LINT_LAYERS] }));
const SeveritySchema = def('severity', Type.Unsafe<LintSeverity>({ description: "A lint rule's severity.", enum: [...LINT_SEVERITIES] }));

/** The providers a column may name; `lexical` is the built-in selector, not a model. */
export const MODEL_PROVIDER_IDS = ['openai', 'anthropic', 'google', 'openai-compatible', 'lexical'] as const;
export type ModelProvider = (typeof MODEL_PROVIDER_IDS)[number];

const RateSchema = Type.Number({ minimum: 0, maximum: 1 });

/**
 * One model column's scores: rates pooled over its trials (absent when the column ran no record of
 * that check) and its spend in this run. Only the id the user chose and the fixed provider: no
 * model name, URL or key.
 */
export const ModelColumnSchema = def(
  'modelColumn',
  closed({
    id: ModelIdSchema,
    provider: Type.Enum(MODEL_PROVIDER_IDS),
    selectionAccuracy: Type.Optional(RateSchema),
    argumentCorrectness: Type.Optional(RateSchema),
    sequenceCorrectness: Type.Optional(RateSchema),
    overTriggerRate: Type.Optional(RateSchema),
    /** 0-100 from the column's model records, weighted by severity as lint's score is (behavior/model-score.ts); absent when none passed or failed. */
    score: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    /** Present when the manifest sets `golden.score_threshold`: the score is gated (below it fails the run); absent, it is advisory. */
    scoreGate: Type.Optional(closed({ threshold: Type.Number({ minimum: 0, maximum: 100 }), passed: Type.Boolean() })),
    requests: CountSchema,
    inputTokens: CountSchema,
    outputTokens: CountSchema,
    /** Trials replayed from the outcome cache (no request sent). */
    cachedTrials: CountSchema,
  }),
);
export type ModelColumn = Static<typeof ModelColumnSchema>;

/** What one column spent as the judge or the generator (issue 13): counts only, never what it wrote. */
export const RoleSpendSchema = def(
  'roleSpend',
  closed({
    role: Type.Enum(['judge', 'generator'] as const),
    model: ModelIdSchema,
    requests: CountSchema,
    inputTokens: CountSchema,
    outputTokens: CountSchema,
  }),
);
export type RoleSpend = Static<typeof RoleSpendSchema>;

/** What a report says about each check it ran, so a saved report re-renders without core's registry. */
export const CheckInfoSchema = def(
  'check',
  closed({
    id: CheckIdSchema,
    kind: CheckKindSchema,
    title: safeText({ minLength: 1, maxLength: 255 }),
    summary: safeText({ minLength: 1, maxLength: 1024 }),
    /** SARIF `security-severity` (0.1-10) for checks with security impact. */
    securitySeverity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10 })),
    /** Lint rules: their layer and severity. */
    layer: Type.Optional(LayerSchema),
    severity: Type.Optional(SeveritySchema),
  }),
);
export type CheckInfo = Static<typeof CheckInfoSchema>;

/** Why a run-level gate failed: lint's reasons (`score-lint.ts`) and scan's (`scan-gate.ts`). Keyed, so none is missed. */
const GATE_FAILURES: Readonly<Record<GateFailure | ScanGateFailure, true>> = {
  'score-below-threshold': true,
  'critical-finding': true,
  'case-failed': true,
  'catalog-unreadable': true,
};
export type RunGateFailure = keyof typeof GATE_FAILURES;
const RUN_GATE_FAILURES = Object.keys(GATE_FAILURES) as readonly RunGateFailure[];
const GateFailureSchema = def(
  'gateFailure',
  Type.Unsafe<RunGateFailure>({ description: 'Why a run-level gate failed.', enum: [...RUN_GATE_FAILURES] }),
);

/**
 * A run-level gate over the cases, for commands whose verdict is not "every case passed": lint
 * passes on a score threshold and no critical finding, even with failing rules.
 */
const RunGateSchema = closed(
  {
    passed: Type.Boolean(),
    threshold: Type.Number({ minimum: 0, maximum: 100 }),
    /** Fixed labels saying why it failed (`score-below-threshold`, `critical-finding`); empty on a pass. */
    failures: list(GateFailureSchema, { description: 'Why it failed, as fixed labels; empty on a pass.' }),
  },
  {
    description:
      'Lint and scan only: the gate the exit status follows (lint: a score threshold and no critical finding, failing rules alone do not fail it; scan: that, and no other case failed).',
  },
);
export type RunGate = Static<typeof RunGateSchema>;

const REVIEWED_STATES = ['applied', 'stale', 'expired'] as const;
export type ReviewedState = (typeof REVIEWED_STATES)[number];

/**
 * One entry of the reviewed file and what became of it: `applied` (it matched a record), `stale` (it
 * matched nothing: remove it?) or `expired` (its `expires` date has passed, so it no longer applies).
 * The entry's keys and its location only; its justification stays in the file.
 */
export const ReviewedEntryStateSchema = def(
  'reviewedEntry',
  closed({
    family: CheckKindSchema,
    check: CheckIdSchema,
    tool: Type.Optional(ToolNameSchema),
    model: Type.Optional(ModelIdSchema),
    location: SourceLocationSchema,
    state: Type.Enum(REVIEWED_STATES),
  }),
);
export type ReviewedEntryState = Static<typeof ReviewedEntryStateSchema>;

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

const HashSchema = def(
  'hash',
  Type.String({
    description: 'A keyed SHA-256 of server text, 16 hex digits: equal text hashes equal, the text is not kept.',
    pattern: '^sha256:[0-9a-f]{16}$',
  }),
);

/** JSON Schema types as a closed set: `any` when none is declared, `other` for a value outside the set. */
const SCHEMA_TYPE_VALUES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null', 'any', 'other'] as const;
export type SchemaType = (typeof SCHEMA_TYPE_VALUES)[number];
export const SCHEMA_TYPES: readonly SchemaType[] = SCHEMA_TYPE_VALUES;

/** The most property paths one schema summary keeps; past it the summary says `truncated`. */
export const MAX_SUMMARY_PATHS = 512;

/** The most tools a saved catalog snapshot may hold: the catalog budget's item bound (`DEFAULT_CATALOG_MAX_ITEMS`). */
export const MAX_SNAPSHOT_TOOLS = 50_000;

/** One property of a schema: its path hashed (names are server text), its types and whether its parent requires it. */
const SchemaPathSchema = closed({
  path: HashSchema,
  types: list(Type.Enum(SCHEMA_TYPE_VALUES), { maxItems: SCHEMA_TYPE_VALUES.length, uniqueItems: true }),
  required: Type.Boolean(),
});

/** A schema's structure without its text: a hash of the whole schema, and every property path (bounded). */
const SchemaSummarySchema = def(
  'schemaSummary',
  closed({
    hash: HashSchema,
    paths: list(SchemaPathSchema, { maxItems: MAX_SUMMARY_PATHS }),
    /** True when the schema had more paths, or deeper ones, than a summary keeps. */
    truncated: Type.Boolean(),
  }),
);
export type SchemaSummary = Static<typeof SchemaSummarySchema>;

/** The four MCP tool annotations, as booleans (absent when the server did not set one). */
const ANNOTATION_VALUES = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type AnnotationFlag = (typeof ANNOTATION_VALUES)[number];
export const ANNOTATION_FLAGS: readonly AnnotationFlag[] = ANNOTATION_VALUES;

/** One tool of a catalog snapshot: its name, hashes and structure, never its text. */
export const ToolFingerprintSchema = def(
  'toolFingerprint',
  closed({
    name: ToolNameSchema,
    description: Type.Optional(HashSchema),
    input: SchemaSummarySchema,
    output: Type.Optional(SchemaSummarySchema),
    annotations: closed({
      readOnlyHint: Type.Optional(Type.Boolean()),
      destructiveHint: Type.Optional(Type.Boolean()),
      idempotentHint: Type.Optional(Type.Boolean()),
      openWorldHint: Type.Optional(Type.Boolean()),
    }),
    entry: HashSchema,
  }),
);
export type ToolFingerprint = Static<typeof ToolFingerprintSchema>;

/** A catalog snapshot: every tool's fingerprint, sorted by name; `complete` is false when the walk stopped early. */
export const CatalogFingerprintsSchema = def(
  'catalogFingerprints',
  closed({ complete: Type.Boolean(), tools: list(ToolFingerprintSchema, { maxItems: MAX_SNAPSHOT_TOOLS }) }),
);
export type CatalogFingerprints = Static<typeof CatalogFingerprintsSchema>;

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

export function summarize(cases: readonly CaseRecord[]): RunSummary {
  const summary = { cases: cases.length, pass: 0, fail: 0, skip: 0, error: 0 };
  for (const c of cases) summary[c.status] += 1;
  return summary;
}
