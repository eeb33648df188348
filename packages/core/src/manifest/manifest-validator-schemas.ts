import type { CheckDefinition, JsonSchema } from '../check.js';
import type { BehaviorCheckDefinition } from '../checks/behavior/behavior-check.js';
import { behaviorCaseChecks } from '../checks/behavior/index.js';
import { buildCaseSchema, buildManifestStructureSchema } from './manifest-schema.js';

/** The key of the top-level stage's validator. */
export const STRUCTURE_VALIDATOR_KEY = 'structure';

/** The key of the validator for a case naming `checkId`. */
export function caseValidatorKey(checkId: string): string {
  return `case:${checkId}`;
}

/**
 * Every schema parseManifest compiles, by validator key: the structure stage and one per check a
 * case may name (`checks`' dimensions and probes, and the behavior case kinds). The build
 * precompiles exactly these.
 */
export function manifestValidatorSchemas(checks: readonly CheckDefinition[]): ReadonlyMap<string, JsonSchema> {
  const caseChecks: (CheckDefinition | BehaviorCheckDefinition)[] = [
    ...checks.filter((c) => c.kind === 'dimension' || c.kind === 'probe'),
    ...behaviorCaseChecks,
  ];
  return new Map<string, JsonSchema>([
    [STRUCTURE_VALIDATOR_KEY, buildManifestStructureSchema()],
    ...caseChecks.map((check): [string, JsonSchema] => [caseValidatorKey(check.id), buildCaseSchema(check)]),
  ]);
}
