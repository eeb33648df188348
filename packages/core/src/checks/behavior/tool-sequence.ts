import Type, { type Static } from 'typebox';

import { TOOL_SEQUENCE_LABELS } from '../../behavior/tool-sequence.js';
import { ArgumentsSchema, MAX_SEQUENCE_STEPS, MODELS_PARAM, TASK_PARAM, TOOL_NAME_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';
import { cacheVerdicts } from '../../behavior/cached-outcome-fits.js';

const StepSchema = Type.Object(
  {
    tool: TOOL_NAME_PARAM,
    arguments: Type.Optional(ArgumentsSchema),
    result: Type.Union(
      [
        Type.Object(
          { stub: Type.Unsafe<unknown>({ description: 'The JSON fed back as the tool result.' }) },
          { additionalProperties: false, required: ['stub'] },
        ),
        Type.Literal('live'),
      ],
      {
        description:
          '`{stub: …}`, or `live`: a real call, only through the mutation gate (read-only tools, `read_only: true`, or a sandbox with `--allow-mutation`).',
      },
    ),
  },
  { additionalProperties: false },
);

export const toolSequenceParams = Type.Object(
  {
    task: TASK_PARAM,
    expect: Type.Object(
      {
        order: Type.Optional(
          Type.Enum(['strict', 'in_order'], {
            default: 'strict',
            description: '`strict`: no call between two steps; `in_order`: others may come between.',
          }),
        ),
        steps: Type.Array(StepSchema, { minItems: 1, maxItems: MAX_SEQUENCE_STEPS }),
      },
      { additionalProperties: false },
    ),
    max_extra_steps: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 8, default: 0, description: 'Calls outside the steps the chain may make.' }),
    ),
    read_only: Type.Optional(Type.Boolean({ description: '`true` vouches every `live` step only reads.' })),
    models: MODELS_PARAM,
  },
  { additionalProperties: false },
);

export type ToolSequenceParams = Static<typeof toolSequenceParams>;

export const toolSequence = defineBehaviorCheck({
  id: 'tool-sequence',
  kind: 'behavior',
  title: 'Tool sequence',
  summary:
    'The model calls the expected chain of tools in order, fed stubbed (or gated live) results, within `max_extra_steps` other calls.',
  params: toolSequenceParams,
  labels: TOOL_SEQUENCE_LABELS,
  caseKind: true,
  roles: { judge: 'when-semantic', generator: false },
  severity: 'high',
  cacheable: cacheVerdicts(TOOL_SEQUENCE_LABELS, ['sequence-match']),
});
