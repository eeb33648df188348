import type { CaseSpec, EngineCase } from '@mcp-eval/core';
import { findCheck } from '@mcp-eval/core';

/** A manifest case as the engine runs it: `run` and `explain` build it the same way. */
export function toEngineCase(spec: CaseSpec): EngineCase {
  const check = findCheck(spec.check);
  // The manifest was validated against this same registry, so a miss is a bug, not user error.
  if (!check) throw new Error(`check ${spec.check} vanished from the registry`);
  return { id: spec.id, check, params: spec.params, location: spec.location, ...(spec.gate ? { gate: spec.gate } : {}) };
}
