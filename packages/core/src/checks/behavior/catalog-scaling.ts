import Type, { type Static } from 'typebox';

import { CATALOG_SCALING_LABELS } from '../../behavior/catalog-check-labels.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

/** `min_accuracy_ratio` when the case gives none. */
export const DEFAULT_MIN_ACCURACY_RATIO = 0.9;

export const catalogScalingParams = Type.Object(
  {
    min_accuracy_ratio: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: `\`degrades\` when accuracy at 4× is below this share of accuracy at 1×; default ${String(DEFAULT_MIN_ACCURACY_RATIO)}.`,
      }),
    ),
    models: MODELS_PARAM,
  },
  { additionalProperties: false },
);

export type CatalogScalingParams = Static<typeof catalogScalingParams>;

export const catalogScaling = defineBehaviorCheck({
  id: 'catalog-scaling',
  kind: 'behavior',
  title: 'Catalog scaling',
  summary:
    'Selection accuracy on the golden set (or on generated requests) with the real catalog, then with deterministic synthetic near-duplicates at 2× and 4× its size, and the token cost at each size.',
  params: catalogScalingParams,
  labels: CATALOG_SCALING_LABELS,
  caseKind: true,
});
