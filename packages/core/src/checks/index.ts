import type { CheckDefinition } from '../check.js';
import { contention } from './contention.js';
import { degradationOverN } from './degradation-over-n.js';
import { cancellation } from './cancellation.js';
import { discoveryCost } from './discovery-cost.js';
import { errorHonesty } from './error-honesty.js';
import { instructionFidelity } from './instruction-fidelity.js';
import { latencyBudget } from './latency-budget.js';
import { load } from './load.js';
import { outputSchema } from './output-schema.js';
import { pagination } from './pagination.js';
import { payloadBounds } from './payload-bounds.js';
import { responseCost } from './response-cost.js';
import { restartRecovery } from './restart-recovery.js';
import { schemaGuessability } from './schema-guessability.js';
import { stateRecovery } from './state-recovery.js';
import { statelessRoundRobin } from './stateless-round-robin.js';
import { streamDrop } from './stream-drop.js';
import { surfaceListing } from './surface-listing.js';
import { tokenCost } from './token-cost.js';

/**
 * Every built-in check that a manifest case can name (the headline dimensions, then the probes),
 * in documentation order, keyed by check id: the key is the check's `id`, its module's file name
 * and its docs page (`docs/checks/<id>.md`); `index.test.ts` holds each entry to that.
 * Adding a check is its module, its test, its docs page and one line here.
 */
export const CHECKS = {
  'discovery-cost': discoveryCost,
  'schema-guessability': schemaGuessability,
  'error-honesty': errorHonesty,
  'state-recovery': stateRecovery,
  contention,
  'token-cost': tokenCost,
  'degradation-over-n': degradationOverN,
  'instruction-fidelity': instructionFidelity,
  'latency-budget': latencyBudget,
  pagination,
  'payload-bounds': payloadBounds,
  'surface-listing': surfaceListing,
  'output-schema': outputSchema,
  load,
  'response-cost': responseCost,
  'stream-drop': streamDrop,
  cancellation,
  'restart-recovery': restartRecovery,
  'stateless-round-robin': statelessRoundRobin,
} as const satisfies Readonly<Record<string, CheckDefinition>>;

/** The id of a built-in check. */
export type CheckId = keyof typeof CHECKS;

/** The same checks as a list, in documentation order. */
export const checks: readonly CheckDefinition[] = Object.values(CHECKS);

export function findCheck(id: string): CheckDefinition | undefined {
  return Object.hasOwn(CHECKS, id) ? CHECKS[id as CheckId] : undefined;
}
