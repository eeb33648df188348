import Type, { type Static } from 'typebox';

import { MODEL_PROVIDER_IDS } from '../record.js';
import { DEFAULT_TRIALS, MAX_TRIALS } from './model-trials.js';

/**
 * The model layer's manifest keys (docs/model-layer.md): `models` (the matrix columns), `model_defaults`
 * and `golden`. Every bound is a named constant, documented in docs/models.md (Limits).
 */

/** A column id: what every record and report names the column by (never a model name or URL). */
export const MODEL_COLUMN_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
/** Most columns one manifest may declare. */
export const MAX_MODEL_COLUMNS = 16;
export { DEFAULT_TRIALS, MAX_TRIALS };

/** The column parameters `model_defaults` sets and a column may override. */
export const MODEL_DEFAULTS = { temperature: 0, max_output_tokens: 512, timeout_ms: 60_000, max_retries: 2, concurrency: 4 } as const;

/**
 * Most bytes one model response body may have, counted as it streams; past it the read is
 * aborted and the trial is `error` `response-too-large`. A column's `max_response_bytes` overrides it.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** The most a column may raise `max_response_bytes` to. */
export const MAX_RESPONSE_BYTES_LIMIT = 256 * 1024 * 1024;

/** `golden.budget`'s defaults: a ceiling on requests and input tokens shared by every column. */
export const DEFAULT_GOLDEN_BUDGET = { max_requests: 2000, max_input_tokens: 4_000_000 } as const;

/** The host prompts a run may send before the task. Their text is part of every cache key. */
export const HOST_PROMPTS = {
  'neutral-v1': 'You are an assistant with access to tools. Use a tool only when it helps with the request; otherwise answer directly.',
  none: undefined,
} as const;
export type HostPromptId = keyof typeof HOST_PROMPTS;

const parameterKeys = {
  temperature: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 2,
      description: 'Sampling temperature; a model that rejects it runs without (`temperatureApplied: 0`).',
    }),
  ),
  max_output_tokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 65_536, description: 'Most tokens one response may generate.' })),
  timeout_ms: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 600_000,
      description: 'Time limit of one decision, retries and retry-after waits included (`model-timeout`).',
    }),
  ),
  max_retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: 'Further attempts after a 429 or a retryable 5xx.' })),
  concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 64, description: 'Decisions in flight at once for the column.' })),
};

export const ModelColumnSchema = Type.Object(
  {
    id: Type.String({ pattern: MODEL_COLUMN_ID_PATTERN, description: 'Unique column id, used in every record and report.' }),
    // The record's provider list: a provider `@mcp-eval/models` has no entry for fails its typecheck.
    provider: Type.Enum([...MODEL_PROVIDER_IDS], {
      description: '`lexical` is the built-in BM25 selector: no key, no network, not a model.',
    }),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: "The provider's model id (never reported)." })),
    api_key: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        description:
          "`${env:NAME}`; an unset variable means no key (the column is skipped `model-unavailable`). Default: the provider's usual variable.",
      }),
    ),
    base_url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description:
          'Any provider: a proxy, gateway or local server; required for `openai-compatible`. An http:// or https:// URL with no user:password@; never reported.',
      }),
    ),
    max_response_bytes: Type.Optional(
      Type.Integer({
        minimum: 1024,
        maximum: MAX_RESPONSE_BYTES_LIMIT,
        description: `Most bytes one response body may have; default ${DEFAULT_MAX_RESPONSE_BYTES} (16 MiB). Past it: \`response-too-large\`.`,
      }),
    ),
    ...parameterKeys,
  },
  { title: 'Model column', additionalProperties: false },
);

export const ModelDefaultsSchema = Type.Object(parameterKeys, {
  title: 'Model defaults',
  description: `Parameters every column gets unless it sets its own; defaults ${JSON.stringify(MODEL_DEFAULTS)}.`,
  additionalProperties: false,
});

export const GoldenSchema = Type.Object(
  {
    trials: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_TRIALS,
        description: `Trials per behavior case and column; default ${DEFAULT_TRIALS} (\`--trials\` overrides).`,
      }),
    ),
    host_prompt: Type.Optional(
      Type.Enum(Object.keys(HOST_PROMPTS) as HostPromptId[], {
        description: 'The system prompt sent before the task: `neutral-v1` (default) or `none`.',
      }),
    ),
    budget: Type.Optional(
      Type.Object(
        {
          max_requests: Type.Optional(
            Type.Integer({
              minimum: 1,
              description: `Most model requests the whole run may send; default ${DEFAULT_GOLDEN_BUDGET.max_requests}.`,
            }),
          ),
          max_input_tokens: Type.Optional(
            Type.Integer({
              minimum: 1,
              description: `Most input tokens the whole run may spend; default ${DEFAULT_GOLDEN_BUDGET.max_input_tokens}.`,
            }),
          ),
        },
        {
          additionalProperties: false,
          description: 'Shared by every column; a trial past it is `error` `budget-exhausted` and nothing is sent.',
        },
      ),
    ),
    fail_on_inconclusive: Type.Optional(
      Type.Boolean({ description: 'With `--baseline`: an `inconclusive` model comparison fails the run too.' }),
    ),
    score_threshold: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 100,
        description:
          "Gates each column's 0-100 model score: below it fails the run (the catalog-only checks' own failures then do not). Without it the score is advisory.",
      }),
    ),
  },
  { title: 'Golden set', additionalProperties: false },
);

export const ModelsSchema = Type.Array(ModelColumnSchema, {
  minItems: 1,
  maxItems: MAX_MODEL_COLUMNS,
  description: 'The model matrix: one column per entry.',
});

export type ModelColumnDocument = Static<typeof ModelColumnSchema>;
export type ModelDefaultsDocument = Static<typeof ModelDefaultsSchema>;
export type GoldenDocument = Static<typeof GoldenSchema>;
