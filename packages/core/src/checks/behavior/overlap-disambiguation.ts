import Type, { type Static } from 'typebox';

import { OVERLAP_DISAMBIGUATION_LABELS } from '../../behavior/catalog-check-labels.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

export const overlapDisambiguationParams = Type.Object(
  {
    max_confusion_rate: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: "The largest `confusionRate` a pair's tool may show and pass; default 0 (every request must reach its tool).",
      }),
    ),
    models: MODELS_PARAM,
  },
  { additionalProperties: false },
);

export type OverlapDisambiguationParams = Static<typeof overlapDisambiguationParams>;

export const overlapDisambiguation = defineBehaviorCheck({
  id: 'overlap-disambiguation',
  kind: 'behavior',
  title: 'Overlap disambiguation',
  summary:
    "For tool pairs lint's near-duplicate measure finds close, the generator writes a request for each tool and the column must pick the tool it was written for.",
  params: overlapDisambiguationParams,
  labels: OVERLAP_DISAMBIGUATION_LABELS,
  caseKind: true,
});
