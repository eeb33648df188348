import type { ParamsSchema } from '../../check.js';

/**
 * A check of the behavior family (docs/model-layer.md): what a model does with the server's tool
 * descriptions. Unlike a dimension or probe it has no `run` over a connection: the behavior engine
 * (engine/evaluate-behavior.ts) runs its trials on every model column and folds them. `caseKind`
 * says whether a manifest case may name it (`argument-correctness` is produced by tool-selection
 * and tool-sequence cases with `expect.arguments`, never named).
 */
export interface BehaviorCheckDefinition<L extends string = string> {
  /** kebab-case; equals the file name, the registry key and the docs page. */
  readonly id: string;
  readonly kind: 'behavior';
  readonly title: string;
  readonly summary: string;
  /** The case keys, snake_case, as the manifest spells them; `additionalProperties: false`. */
  readonly params: ParamsSchema;
  readonly labels: Readonly<Record<L, string>>;
  readonly caseKind: boolean;
}

export function defineBehaviorCheck<L extends string>(check: BehaviorCheckDefinition<L>): BehaviorCheckDefinition<L> {
  return check;
}
