import type { JsonObject, JsonValue } from '@mcp-eval/protocol';

import type { ArgumentExpectations } from '../behavior/judge-arguments.js';
import type { SelectionExpectation } from '../behavior/tool-selection.js';
import type { SequenceExpectation } from '../behavior/tool-sequence.js';
import type { NoCallParams } from '../checks/behavior/no-call.js';
import type { ToolSelectionParams } from '../checks/behavior/tool-selection.js';
import type { ToolSequenceParams } from '../checks/behavior/tool-sequence.js';
import type { TaskCompletionParams } from '../checks/behavior/task-completion.js';
import { DEFAULT_TASK_STEPS } from '../checks/behavior/task-completion.js';
import type { RubricCriterion } from '../behavior/task-completion.js';
import { RUBRIC_CRITERIA_KEY } from '../behavior/task-completion.js';
import { hasSemantic } from '../behavior/semantic-match.js';
import type { BehaviorCheck } from '../behavior/fold-trials.js';
import type { CaseSpec } from '../manifest/manifest-types.js';

/** A behavior case read into what its trial needs (the manifest already validated its shape). */
export type BehaviorCase =
  | {
      readonly kind: 'tool-selection';
      readonly task: string;
      readonly expected: SelectionExpectation;
      readonly arguments?: ArgumentExpectations;
      readonly readOnly: boolean;
    }
  | { readonly kind: 'tool-sequence'; readonly task: string; readonly expected: SequenceExpectation; readonly readOnly: boolean }
  | { readonly kind: 'no-call'; readonly task: string }
  | {
      readonly kind: 'task-completion';
      readonly task: string;
      readonly criteria: readonly RubricCriterion[];
      /** Per tool: a stub, or `live`; a tool not listed gets the empty stub. */
      readonly results: Readonly<Record<string, 'live' | { readonly stub: JsonValue }>>;
      readonly maxSteps: number;
      readonly readOnly: boolean;
    };

/** The records a case yields, in report order. */
export function recordChecks(c: BehaviorCase): BehaviorCheck[] {
  if (c.kind === 'no-call') return ['no-call'];
  if (c.kind === 'task-completion') return ['task-completion'];
  if (c.kind === 'tool-selection') return c.arguments === undefined ? ['tool-selection'] : ['tool-selection', 'argument-correctness'];
  return c.expected.steps.some((s) => s.arguments !== undefined) ? ['tool-sequence', 'argument-correctness'] : ['tool-sequence'];
}

export function readBehaviorCase(spec: CaseSpec): BehaviorCase {
  if (spec.check === 'tool-selection') {
    const p = spec.params as unknown as ToolSelectionParams;
    return {
      kind: 'tool-selection',
      task: p.task,
      expected: { tool: p.expect.tool, acceptPrerequisite: p.accept_prerequisite ?? [] },
      ...(p.expect.arguments === undefined ? {} : { arguments: p.expect.arguments as ArgumentExpectations }),
      readOnly: p.read_only === true,
    };
  }
  if (spec.check === 'tool-sequence') {
    const p = spec.params as unknown as ToolSequenceParams;
    return {
      kind: 'tool-sequence',
      task: p.task,
      expected: {
        order: p.expect.order ?? 'strict',
        maxExtraSteps: p.max_extra_steps ?? 0,
        steps: p.expect.steps.map((s) => ({
          tool: s.tool,
          ...(s.arguments === undefined ? {} : { arguments: s.arguments as ArgumentExpectations }),
          result: s.result === 'live' ? ('live' as const) : { stub: (s.result as { stub: JsonValue }).stub ?? {} },
        })),
      },
      readOnly: p.read_only === true,
    };
  }
  if (spec.check === 'no-call') return { kind: 'no-call', task: (spec.params as unknown as NoCallParams).task };
  if (spec.check === 'task-completion') {
    const p = spec.params as unknown as TaskCompletionParams & { [RUBRIC_CRITERIA_KEY]?: RubricCriterion[] };
    return {
      kind: 'task-completion',
      task: p.task,
      criteria: p[RUBRIC_CRITERIA_KEY] ?? [],
      results: Object.fromEntries(
        Object.entries(p.results ?? {}).map(([tool, r]) => [
          tool,
          r === 'live' ? ('live' as const) : { stub: (r.stub ?? {}) as JsonValue },
        ]),
      ),
      maxSteps: p.max_steps ?? DEFAULT_TASK_STEPS,
      readOnly: p.read_only === true,
    };
  }
  throw new Error(`case ${spec.id} names ${spec.check}, which is not a behavior case kind`);
}

/** Whether a case's verdict comes from the judge: task-completion, or an argument matched `semantic`. */
export function needsJudge(c: BehaviorCase): boolean {
  if (c.kind === 'task-completion') return true;
  if (c.kind === 'tool-selection') return hasSemantic(c.arguments);
  if (c.kind === 'tool-sequence') return c.expected.steps.some((s) => hasSemantic(s.arguments));
  return false;
}

/** The columns a case runs on: its `models:`, else all. */
export function caseColumns(spec: CaseSpec): readonly string[] | undefined {
  const models = (spec.params as JsonObject).models;
  return Array.isArray(models) ? models.filter((m): m is string => typeof m === 'string') : undefined;
}
