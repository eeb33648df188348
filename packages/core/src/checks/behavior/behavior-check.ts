import type { ParamsSchema } from '../../check.js';
import type { LintSeverity } from '../../record.js';
import type { Status } from '../../record.js';
import type { CatalogCheckFacts } from './catalog/catalog-check-facts.js';

/**
 * The roles a check asks besides the column under test. `judge: 'when-semantic'` is a case
 * check whose case asks the judge only when an argument is matched `semantic`.
 */
export interface BehaviorCheckRoles {
  readonly judge: boolean | 'when-semantic';
  readonly generator: boolean;
}

/**
 * A check of the behavior family (docs/model-layer.md): what a model does with the server's tool
 * descriptions. Unlike a dimension or probe it has no `run` over a connection: the behavior engine
 * (engine/evaluate-behavior.ts) runs its trials on every model column and folds them. `caseKind`
 * says whether a manifest case may name it (`argument-correctness` is produced by tool-selection
 * and tool-sequence cases with `expect.arguments`, never named). Like a typescript-eslint rule's
 * `meta`, every fact the engine needs about the check is here: the engine loops over definitions.
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
  readonly roles: BehaviorCheckRoles;
  /**
   * The check's weight in a column's 0-100 model score, on lint's severity scale: a destructive
   * call on a harmless request weighs most, a wordy description least.
   */
  readonly severity: LintSeverity;
  /**
   * What the outcome cache may hold for the check: each storable label with the one status its
   * classifier gives it (behavior/cached-outcome-fits.ts). Any other entry is a miss.
   */
  readonly cacheable: ReadonlyMap<string, Status>;
  /** A catalog-only check (no golden case): its units and how their outcomes fold. */
  readonly catalog?: CatalogCheckFacts;
}

export function defineBehaviorCheck<L extends string>(check: BehaviorCheckDefinition<L>): BehaviorCheckDefinition<L> {
  return check;
}
