import Type, { type Static } from 'typebox';

import { NO_CALL_LABELS } from '../../behavior/no-call.js';
import { MODELS_PARAM, TASK_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';
import { cacheVerdicts } from '../../behavior/cached-outcome-fits.js';

export const noCallParams = Type.Object({ task: TASK_PARAM, models: MODELS_PARAM }, { additionalProperties: false });

export type NoCallParams = Static<typeof noCallParams>;

export const noCall = defineBehaviorCheck({
  id: 'no-call',
  kind: 'behavior',
  title: 'No call',
  summary: 'For a task no tool serves, the model answers without calling any tool (over-triggering fails).',
  params: noCallParams,
  labels: NO_CALL_LABELS,
  caseKind: true,
  roles: { judge: false, generator: false },
  severity: 'medium',
  cacheable: cacheVerdicts(NO_CALL_LABELS, ['no-call']),
});
