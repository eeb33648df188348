import type { LintSeverity } from '../../record.js';
import type { BehaviorCheckDefinition } from './behavior-check.js';
import { argumentCorrectness } from './argument-correctness.js';
import { argumentGeneration } from './argument-generation.js';
import { catalogScaling } from './catalog-scaling.js';
import { descriptionClarity } from './description-clarity.js';
import { overlapDisambiguation } from './overlap-disambiguation.js';
import { safetyResistance } from './safety-resistance.js';
import { noCall } from './no-call.js';
import { taskCompletion } from './task-completion.js';
import { toolSelection } from './tool-selection.js';
import { toolSequence } from './tool-sequence.js';

/**
 * The behavior family's checks (docs/model-layer.md), keyed by id: the key is the check's `id`, its module's
 * file name and its docs page (`docs/checks/<id>.md`); `index.test.ts` holds each entry to that.
 */
export const BEHAVIOR_CHECK_REGISTRY = {
  'tool-selection': toolSelection,
  'argument-correctness': argumentCorrectness,
  'tool-sequence': toolSequence,
  'no-call': noCall,
  'task-completion': taskCompletion,
  'description-clarity': descriptionClarity,
  'overlap-disambiguation': overlapDisambiguation,
  'safety-resistance': safetyResistance,
  'argument-generation': argumentGeneration,
  'catalog-scaling': catalogScaling,
} as const satisfies Readonly<Record<string, BehaviorCheckDefinition>>;

export type BehaviorCheckId = keyof typeof BEHAVIOR_CHECK_REGISTRY;

export const behaviorChecks: readonly BehaviorCheckDefinition[] = Object.values(BEHAVIOR_CHECK_REGISTRY);

/** The checks a manifest case may name with `behavior:`. */
export const behaviorCaseChecks: readonly BehaviorCheckDefinition[] = behaviorChecks.filter((c) => c.caseKind);

export function findBehaviorCheck(id: string): BehaviorCheckDefinition | undefined {
  return Object.hasOwn(BEHAVIOR_CHECK_REGISTRY, id) ? BEHAVIOR_CHECK_REGISTRY[id as BehaviorCheckId] : undefined;
}

/** A check's weight in a column's model score; a check this build does not know (a newer record) weighs `medium`. */
export function behaviorCheckSeverity(id: string): LintSeverity {
  return findBehaviorCheck(id)?.severity ?? 'medium';
}
