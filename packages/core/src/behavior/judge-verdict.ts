import type { JsonObject, JsonValue } from '@mcp-eval/protocol';
import { VERDICT_FIELD_ID } from '../manifest/judge-settings.js';
import type { ModelDecision, ModelTool } from '../models/model-port.js';
import { median } from './fold-trials.js';

/**
 * One field of the judge's verdict. Only enums and integers exist: there is no free-text field,
 * so the judge has nowhere to write a reason that could be persisted.
 * - `enum`: values ordered best to worst; a tie between values goes to the later (worse) one.
 * - `integer`: `min`..`max` inclusive; the votes' median (the lower middle of an even count).
 */
export type VerdictField =
  { readonly kind: 'enum'; readonly values: readonly string[] } | { readonly kind: 'integer'; readonly min: number; readonly max: number };

/** Field id → field. Ids are the caller's (a rubric criterion id, `rating`, `satisfies`). */
export type VerdictSchema = Readonly<Record<string, VerdictField>>;

export type Verdict = Readonly<Record<string, string | number>>;

/** The one tool the judge is forced to call. */
export const VERDICT_TOOL_NAME = 'record_verdict';

/** Fields one verdict may hold (a rubric's criteria count is bounded by it). */
export const MAX_VERDICT_FIELDS = 32;

/**
 * An integer field also lists its values (`enum`) when there are at most this many: some
 * providers drop `minimum`/`maximum` from a tool declaration (`@ai-sdk/google` does) but keep
 * `enum`, so the range still reaches the model.
 */
export const MAX_LISTED_INTEGERS = 100;

/** An integer field's schema: its bounds, and its values too when few enough to list. */
function integerSchema(min: number, max: number): JsonObject {
  const listed = max - min + 1 <= MAX_LISTED_INTEGERS ? { enum: Array.from({ length: max - min + 1 }, (_, i) => min + i) } : {};
  return { type: 'integer', minimum: min, maximum: max, ...listed };
}

/** The verdict tool: its input schema is the published forced-verdict schema (docs/judge.md). */
export function verdictTool(schema: VerdictSchema): ModelTool {
  const ids = Object.keys(schema);
  if (ids.length === 0 || ids.length > MAX_VERDICT_FIELDS) throw new Error('a verdict holds 1 to MAX_VERDICT_FIELDS fields');
  const properties: JsonObject = {};
  for (const id of ids) {
    if (!VERDICT_FIELD_ID.test(id)) throw new Error('a verdict field id must match VERDICT_FIELD_ID');
    const field = schema[id] as VerdictField;
    properties[id] = field.kind === 'enum' ? { type: 'string', enum: [...field.values] } : integerSchema(field.min, field.max);
  }
  return {
    name: VERDICT_TOOL_NAME,
    description: 'Record your verdict. Every field is required; answer only through this tool.',
    inputSchema: { type: 'object', properties, required: ids, additionalProperties: false },
  };
}

function fieldValue(field: VerdictField, value: JsonValue | undefined): string | number | undefined {
  if (field.kind === 'enum') return typeof value === 'string' && field.values.includes(value) ? value : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= field.min && value <= field.max ? value : undefined;
}

/**
 * One vote, or undefined when the answer does not parse against the schema: not exactly one call,
 * not the verdict tool, a missing, extra or out-of-range field. Never a default value.
 */
export function parseVote(decision: ModelDecision, schema: VerdictSchema): Verdict | undefined {
  const [call, ...rest] = decision.calls;
  if (call?.kind !== 'call' || rest.length > 0 || call.name !== VERDICT_TOOL_NAME) return undefined;
  const input = call.input;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const ids = Object.keys(schema);
  if (Object.keys(input).some((key) => !(key in schema))) return undefined;
  const verdict: Record<string, string | number> = {};
  for (const id of ids) {
    const value = fieldValue(schema[id] as VerdictField, input[id]);
    if (value === undefined) return undefined;
    verdict[id] = value;
  }
  return verdict;
}

function majority(values: readonly string[], order: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = order[0] ?? '';
  let bestCount = -1;
  // Best to worst, `>=`: on a tie the later (worse) value wins.
  for (const value of order) {
    const count = counts.get(value) ?? 0;
    if (count > 0 && count >= bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The votes folded into one verdict: per field, the majority (enum; ties to the worse value) or
 * the median (integer). `agreement` is the share of (vote, field) pairs equal to the folded
 * value: with one field, the fraction of votes agreeing with the majority.
 */
export function tallyVotes(votes: readonly Verdict[], schema: VerdictSchema): { readonly verdict: Verdict; readonly agreement: number } {
  const verdict: Record<string, string | number> = {};
  let agreeing = 0;
  let pairs = 0;
  for (const [id, field] of Object.entries(schema)) {
    const values = votes.map((v) => v[id]);
    const folded =
      field.kind === 'enum'
        ? majority(
            values.filter((v): v is string => typeof v === 'string'),
            field.values,
          )
        : median(values.filter((v): v is number => typeof v === 'number'));
    verdict[id] = folded;
    agreeing += values.filter((v) => v === folded).length;
    pairs += values.length;
  }
  return { verdict, agreement: pairs === 0 ? 0 : agreeing / pairs };
}
