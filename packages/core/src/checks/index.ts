import type { CheckDefinition } from '../check.js';

/**
 * Every built-in check that a manifest case can name (the five headline dimensions and the eight
 * probes), in documentation order. The key is the check id and the module's file name.
 */
export const checks: readonly CheckDefinition[] = [];

export function findCheck(id: string): CheckDefinition | undefined {
  return checks.find((c) => c.id === id);
}
