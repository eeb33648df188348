import type { JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';
import { MAX_ITEM_DEPTH } from '../catalog/catalog-budget.js';
import { measureJson } from '../catalog/measure-json.js';
import type { ArgumentMatch, SemanticAnswers } from './argument-match.js';
import { allowsOmission, matchesValue } from './argument-match.js';
import type { InputSchema } from './input-schema.js';
import { hasJsonType } from './input-schema.js';

export const ARGUMENT_LABELS = {
  'args-match': "Every argument the case lists matched its mode, and the call satisfied the tool's input schema.",
  'missing-required': 'An argument the input schema requires (or the case lists without `optional: true`) was omitted.',
  'unexpected-argument': 'The model passed an argument the input schema does not declare.',
  'type-mismatch': "A declared argument had a JSON type other than the schema's `type` for it (or the arguments were not a JSON object).",
  'value-mismatch': 'An argument did not match its mode in `expect.arguments` (or one listed `absent` was passed).',
  'schema-invalid':
    'The arguments violated the input schema in a way no specific label names (an enum, a bound, a pattern, a nested value).',
  'no-correct-selection': 'No trial selected the expected tool, so there were no arguments to judge (status `skip`).',
  'judge-unparseable':
    'A `semantic` argument: a judge vote did not parse against the forced-verdict schema (status `error`), never a default answer.',
} as const;

export type ArgumentLabel = keyof typeof ARGUMENT_LABELS;

/** A trial's arguments judged: one of the labels a single call can earn. */
export type ArgumentVerdict = Exclude<ArgumentLabel, 'no-correct-selection' | 'judge-unparseable'>;

export type ArgumentExpectations = Readonly<Record<string, ArgumentMatch>>;

/**
 * Judges one call's arguments. The specific label wins (docs/checks/argument-correctness.md): the first of
 * `missing-required`, `unexpected-argument`, `type-mismatch`, then `schema-invalid` (anything else
 * the schema forbids), then `value-mismatch` against the case's modes. Properties the schema
 * declares that the case does not list are ignored unless listed `absent`. `input` undefined: the
 * model's arguments were not a JSON object. A value nested past `MAX_ITEM_DEPTH` is
 * `schema-invalid` without being compiled against anything. `semantic`: the judge's answers for
 * `semantic` arguments; absent, they are deferred (match) and the engine asks the judge after.
 */
export function judgeArguments(
  input: JsonValue | undefined,
  expected: ArgumentExpectations,
  schema: InputSchema,
  semantic?: SemanticAnswers,
): ArgumentVerdict {
  if (!isRecord(input)) return 'type-mismatch';
  const given = new Set(Object.keys(input));
  for (const name of schema.required) if (!given.has(name)) return 'missing-required';
  for (const [name, expectation] of Object.entries(expected)) {
    if (!given.has(name) && !allowsOmission(expectation)) return 'missing-required';
  }
  if (!schema.openEnded) for (const name of given) if (!schema.declared.has(name)) return 'unexpected-argument';
  for (const [name, types] of schema.types) {
    if (given.has(name) && !types.some((type) => hasJsonType(input[name], type))) return 'type-mismatch';
  }
  if (measureJson(input).depth > MAX_ITEM_DEPTH) return 'schema-invalid';
  if (schema.validate !== undefined && !schema.validate(input)) return 'schema-invalid';
  for (const [name, expectation] of Object.entries(expected)) {
    const value = input[name];
    const answer = semantic === undefined ? undefined : (semantic.get(name) ?? false);
    if (value !== undefined && !matchesValue(expectation, value as JsonValue, answer)) return 'value-mismatch';
  }
  return 'args-match';
}
