import Type from 'typebox';

import { DEFAULT_JUDGE_VOTES, MAX_JUDGE_VOTES } from './judge-settings.js';
import { MODEL_COLUMN_ID_PATTERN } from './model-schema.js';

/**
 * `judge:` and `generator:` (docs/judge.md): a column of `models:` used in a role. Both answer through a
 * forced tool call, so the `lexical` column (which makes no calls of its own choosing) can play
 * neither; validate-roles.ts says so with the manifest's location.
 */
export const JudgeSchema = Type.Object(
  {
    model: Type.String({ pattern: MODEL_COLUMN_ID_PATTERN, description: 'The `models:` column that judges (not `lexical`).' }),
    votes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_JUDGE_VOTES,
        description: `Judge requests per judgement, folded by majority (median for ratings); default ${DEFAULT_JUDGE_VOTES}.`,
      }),
    ),
  },
  { title: 'Judge', additionalProperties: false },
);

export const GeneratorSchema = Type.Object(
  {
    model: Type.String({ pattern: MODEL_COLUMN_ID_PATTERN, description: 'The `models:` column that writes requests (not `lexical`).' }),
  },
  { title: 'Generator', additionalProperties: false },
);
