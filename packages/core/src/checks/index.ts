import type { CheckDefinition } from '../check.js';
import { contention } from './contention.js';
import { discoveryCost } from './discovery-cost.js';
import { errorHonesty } from './error-honesty.js';
import { schemaGuessability } from './schema-guessability.js';
import { stateRecovery } from './state-recovery.js';

/**
 * Every built-in check that a manifest case can name (the five headline dimensions and the eight
 * probes), in documentation order. The key is the check id and the module's file name.
 */
export const checks: readonly CheckDefinition[] = [
  discoveryCost,
  schemaGuessability,
  errorHonesty,
  stateRecovery,
  contention,
];

export function findCheck(id: string): CheckDefinition | undefined {
  return checks.find((c) => c.id === id);
}
