import Type, { type Static } from 'typebox';

import { TOOL_SELECTION_LABELS } from '../../behavior/tool-selection.js';
import { ArgumentsSchema, MODELS_PARAM, TASK_PARAM, TOOL_NAME_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';
import { cacheVerdicts } from '../../behavior/cached-outcome-fits.js';

export const toolSelectionParams = Type.Object(
  {
    task: TASK_PARAM,
    expect: Type.Object(
      {
        tool: TOOL_NAME_PARAM,
        arguments: Type.Optional(ArgumentsSchema),
      },
      { additionalProperties: false, description: 'The tool the model should call; `arguments` adds an argument-correctness record.' },
    ),
    accept_prerequisite: Type.Optional(
      Type.Array(TOOL_NAME_PARAM, {
        maxItems: 32,
        uniqueItems: true,
        description: 'A first call to one of these, then the expected tool, passes (`selected-prerequisite`).',
      }),
    ),
    read_only: Type.Optional(
      Type.Boolean({ description: '`true` vouches the prerequisites only read, so they get live results; else `{}`.' }),
    ),
    models: MODELS_PARAM,
  },
  { additionalProperties: false },
);

export type ToolSelectionParams = Static<typeof toolSelectionParams>;

export const toolSelection = defineBehaviorCheck({
  id: 'tool-selection',
  kind: 'behavior',
  title: 'Tool selection',
  summary:
    "Given the server's tool descriptions and the task, the model calls the expected tool (after at most one accepted prerequisite) and nothing else.",
  params: toolSelectionParams,
  labels: TOOL_SELECTION_LABELS,
  caseKind: true,
  roles: { judge: 'when-semantic', generator: false },
  severity: 'high',
  cacheable: cacheVerdicts(TOOL_SELECTION_LABELS, ['selected-expected', 'selected-prerequisite']),
});
