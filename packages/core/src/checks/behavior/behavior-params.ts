import Type, { type Static } from 'typebox';

import { MODEL_COLUMN_ID_PATTERN } from '../../manifest/model-schema.js';

/** Most arguments one expectation may list, and most steps one sequence may have (a trial's turns are capped too). */
export const MAX_EXPECTED_ARGUMENTS = 64;
export const MAX_SEQUENCE_STEPS = 14;
/** Longest task text; it is sent to every column and never reprinted. */
export const MAX_TASK_CHARS = 8192;

const optional = Type.Optional(Type.Boolean({ description: '`true`: the model may omit the argument.' }));
const anyValue = Type.Unsafe<unknown>({ description: 'Any JSON value.' });

/** Longest `intent` of a `semantic` argument match. */
export const MAX_INTENT_CHARS = 1024;

/** One argument's expectation: the match modes of docs/checks/argument-correctness.md. */
export const ArgumentMatchSchema = Type.Union([
  Type.Object({ match: Type.Literal('exact'), value: anyValue, optional }, { additionalProperties: false }),
  Type.Object(
    { match: Type.Literal('one_of'), values: Type.Array(anyValue, { minItems: 1, maxItems: 256 }), optional },
    { additionalProperties: false },
  ),
  Type.Object({ match: Type.Literal('normalized'), value: anyValue, optional }, { additionalProperties: false }),
  Type.Object(
    { match: Type.Literal('pattern'), value: Type.String({ minLength: 1, maxLength: 1024 }), optional },
    { additionalProperties: false },
  ),
  Type.Object(
    { match: Type.Literal('range'), min: Type.Optional(Type.Number()), max: Type.Optional(Type.Number()), optional },
    { additionalProperties: false },
  ),
  Type.Object({ match: Type.Literal('present'), optional }, { additionalProperties: false }),
  Type.Object({ match: Type.Literal('absent') }, { additionalProperties: false }),
  Type.Object({ match: Type.Literal('ignore') }, { additionalProperties: false }),
  Type.Object(
    {
      match: Type.Literal('semantic'),
      intent: Type.String({
        minLength: 1,
        maxLength: MAX_INTENT_CHARS,
        description: 'What the value must mean; the `judge:` column decides (never reprinted).',
      }),
      optional,
    },
    { additionalProperties: false },
  ),
]);

// A plain `additionalProperties` map (not `patternProperties`), so editors complete the match modes.
export const ArgumentsSchema = Type.Unsafe<Record<string, Static<typeof ArgumentMatchSchema>>>({
  type: 'object',
  additionalProperties: ArgumentMatchSchema,
  maxProperties: MAX_EXPECTED_ARGUMENTS,
  description: 'Per argument: `match` (exact, one_of, normalized, pattern, range, present, absent, ignore, semantic) and its operand.',
});

export const TASK_PARAM = Type.String({
  minLength: 1,
  maxLength: MAX_TASK_CHARS,
  description: "The user's request sent to the model (never reprinted: records name the case id).",
});

export const TOOL_NAME_PARAM = Type.String({ minLength: 1, maxLength: 128, description: 'A tool name from the catalog.' });

export const MODELS_PARAM = Type.Optional(
  Type.Array(Type.String({ pattern: MODEL_COLUMN_ID_PATTERN }), {
    minItems: 1,
    uniqueItems: true,
    description: 'The columns this case runs on (ids from `models:`); default every column.',
  }),
);
