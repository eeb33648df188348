import Type, { type Static } from 'typebox';

import { TASK_COMPLETION_LABELS } from '../../behavior/task-completion.js';
import { MAX_CONVERSATION_TURNS } from '../../behavior/conversation.js';
import { MODELS_PARAM, TASK_PARAM, TOOL_NAME_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';
import { cacheVerdicts } from '../../behavior/cached-outcome-fits.js';

/** Model responses a task-completion trial asks for when the case gives no `max_steps`. */
export const DEFAULT_TASK_STEPS = 8;
/** Most tools one case may give a `results:` entry. */
export const MAX_RESULT_ENTRIES = 64;

const ResultSchema = Type.Union(
  [
    Type.Object(
      { stub: Type.Unsafe<unknown>({ description: 'The JSON fed back when the model calls this tool.' }) },
      { additionalProperties: false, required: ['stub'] },
    ),
    Type.Literal('live'),
  ],
  { description: '`{stub: …}`, or `live`: a real call, only through the mutation gate.' },
);

export const taskCompletionParams = Type.Object(
  {
    task: TASK_PARAM,
    rubric: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'A YAML file (relative to the manifest) listing the criteria: `- id: …` and `criterion: …` each.',
    }),
    results: Type.Optional(
      Type.Unsafe<Record<string, Static<typeof ResultSchema>>>({
        type: 'object',
        propertyNames: TOOL_NAME_PARAM,
        additionalProperties: ResultSchema,
        maxProperties: MAX_RESULT_ENTRIES,
        description: 'Per tool: what a call gets back. A tool not listed gets the empty stub `{}`.',
      }),
    ),
    max_steps: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CONVERSATION_TURNS,
        default: DEFAULT_TASK_STEPS,
        description: 'Most model responses the trial asks for.',
      }),
    ),
    read_only: Type.Optional(Type.Boolean({ description: '`true` vouches every `live` tool only reads.' })),
    models: MODELS_PARAM,
  },
  { additionalProperties: false },
);

export type TaskCompletionParams = Static<typeof taskCompletionParams>;

export const taskCompletion = defineBehaviorCheck({
  id: 'task-completion',
  kind: 'behavior',
  title: 'Task completion',
  summary:
    'The model works a task with stubbed (or gated live) tool results; the judge scores each rubric criterion met, partial or not met.',
  params: taskCompletionParams,
  labels: TASK_COMPLETION_LABELS,
  caseKind: true,
  roles: { judge: true, generator: false },
  severity: 'high',
  cacheable: cacheVerdicts(TASK_COMPLETION_LABELS, ['rubric-met'], { keep: ['rubric-met', 'rubric-partial', 'rubric-not-met'] }),
});
