import type { CheckDefinition } from '../check.js';
import { checks } from '../checks/index.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { EngineCase } from './evaluate.js';

/**
 * The engine's cases for a manifest's cases (all of them, or a selection such as `--only`), each
 * bound to the check it names. `registry` must be the one the manifest was parsed against
 * (`checks` by default): a case naming a check it lacks is a bug in the caller, not user error,
 * so it throws instead of skipping the case.
 */
export function casesFromManifest(cases: readonly CaseSpec[], registry: readonly CheckDefinition[] = checks): EngineCase[] {
  const byId = new Map(registry.map((check) => [check.id, check]));
  // Behavior cases run on model columns (engine/evaluate-behavior.ts), not over a connection check.
  return cases
    .filter((spec) => spec.kind !== 'behavior')
    .map((spec) => {
      const check = byId.get(spec.check);
      if (check === undefined)
        throw new Error(`case ${spec.id} names check ${spec.check}, which is not in the registry the manifest was parsed against`);
      return { id: spec.id, check, params: spec.params, location: spec.location, ...(spec.gate ? { gate: spec.gate } : {}) };
    });
}
