import type { CheckDefinition } from '../check.js';
import { contention } from './contention.js';
import { degradationOverN } from './degradation-over-n.js';
import { discoveryCost } from './discovery-cost.js';
import { errorHonesty } from './error-honesty.js';
import { instructionFidelity } from './instruction-fidelity.js';
import { latencyBudget } from './latency-budget.js';
import { outputSchema } from './output-schema.js';
import { pagination } from './pagination.js';
import { payloadBounds } from './payload-bounds.js';
import { schemaGuessability } from './schema-guessability.js';
import { stateRecovery } from './state-recovery.js';
import { surfaceListing } from './surface-listing.js';
import { tokenCost } from './token-cost.js';

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
  tokenCost,
  degradationOverN,
  instructionFidelity,
  latencyBudget,
  pagination,
  payloadBounds,
  surfaceListing,
  outputSchema,
];

export function findCheck(id: string): CheckDefinition | undefined {
  return checks.find((c) => c.id === id);
}
