import Type from 'typebox';
import type { Static } from 'typebox';
import { closed, CountSchema, def, ModelIdSchema } from './record-primitives.js';

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

/** What one column spent as the judge or the generator (docs/judge.md): counts only, never what it wrote. */
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
