import Type from 'typebox';

import { ARGUMENT_GENERATION_LABELS } from '../../behavior/catalog-check-labels.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

export const argumentGenerationParams = Type.Object({ models: MODELS_PARAM }, { additionalProperties: false });

export const argumentGeneration = defineBehaviorCheck({
  id: 'argument-generation',
  kind: 'behavior',
  title: 'Argument generation',
  summary:
    "For each tool, the generator writes a request and the column fills the tool's arguments; they are validated against the input schema, never executed.",
  params: argumentGenerationParams,
  labels: ARGUMENT_GENERATION_LABELS,
  caseKind: true,
});
