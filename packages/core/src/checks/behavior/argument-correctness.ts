import Type from 'typebox';

import { ARGUMENT_LABELS } from '../../behavior/judge-arguments.js';
import { defineBehaviorCheck } from './behavior-check.js';
import { cacheVerdicts } from '../../behavior/cached-outcome-fits.js';

/**
 * Produced by tool-selection and tool-sequence cases that list `expect.arguments`; no case names
 * it, so it takes no parameters of its own.
 */
export const argumentCorrectness = defineBehaviorCheck({
  id: 'argument-correctness',
  kind: 'behavior',
  title: 'Argument correctness',
  summary:
    "On trials that selected the expected tool, the arguments the model generated satisfy the case's `expect.arguments` and the tool's input schema.",
  params: Type.Object({}, { additionalProperties: false }),
  labels: ARGUMENT_LABELS,
  caseKind: false,
  roles: { judge: 'when-semantic', generator: false },
  severity: 'medium',
  cacheable: cacheVerdicts(ARGUMENT_LABELS, ['args-match'], {
    keep: [
      'args-match',
      'missing-required',
      'unexpected-argument',
      'type-mismatch',
      'value-mismatch',
      'schema-invalid',
      'no-correct-selection',
    ],
    skips: ['no-correct-selection'],
  }),
});
