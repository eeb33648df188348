import Type from 'typebox';

import { DESCRIPTION_CLARITY_LABELS } from '../../behavior/catalog-check-labels.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

export const descriptionClarityParams = Type.Object({ models: MODELS_PARAM }, { additionalProperties: false });

export const descriptionClarity = defineBehaviorCheck({
  id: 'description-clarity',
  kind: 'behavior',
  title: 'Description clarity',
  summary:
    "The judge rates each tool's description 1-10 for how well it tells a model what the tool does and when to use it (median of its votes); below 5 fails.",
  params: descriptionClarityParams,
  labels: DESCRIPTION_CLARITY_LABELS,
  caseKind: true,
});
