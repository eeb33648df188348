import Type from 'typebox';
import type { Static } from 'typebox';
import {
  CheckIdSchema,
  CheckKindSchema,
  closed,
  CountSchema,
  def,
  EraSchema,
  LabelSchema,
  list,
  MeasurementsSchema,
  MillisecondsSchema,
  ModelIdSchema,
  safeText,
  SourceLocationSchema,
  ToolNameSchema,
} from './record-primitives.js';

/** `fail`: the server failed the check. `error`: the evaluator could not run it. */
const STATUS_VALUES = ['pass', 'fail', 'skip', 'error'] as const;
export type Status = (typeof STATUS_VALUES)[number];
export const STATUSES: readonly Status[] = STATUS_VALUES;

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
/** A soft gate passes when at least this share of runs pass (the 4-of-5 rule); the engine's repeats and the model layer's trials both fold by it. */
export const SOFT_GATE_PASS_RATE = 0.8;

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

export const RunSummarySchema = closed({ cases: CountSchema, pass: CountSchema, fail: CountSchema, skip: CountSchema, error: CountSchema });
export type RunSummary = Static<typeof RunSummarySchema>;

export function summarize(cases: readonly CaseRecord[]): RunSummary {
  const summary = { cases: cases.length, pass: 0, fail: 0, skip: 0, error: 0 };
  for (const c of cases) summary[c.status] += 1;
  return summary;
}
