import type { CheckInfo } from '@mcp-eval/core';
import { behaviorChecks, checkInfo, checks, conformanceChecks, DRIFT_CHECK_INFO, LINT_RULES, lintCheckInfo } from '@mcp-eval/core';

let registry: ReadonlyMap<string, CheckInfo> | undefined;

/**
 * Every check this CLI knows, by id, as its own definitions describe it: dimensions and probes,
 * conformance, lint rules, the model layer's checks and drift. SARIF builds its rules from this
 * alone, so a saved report's titles and summaries never reach code scanning.
 */
export function knownChecks(): ReadonlyMap<string, CheckInfo> {
  registry ??= new Map(
    [
      ...checks.map(checkInfo),
      ...conformanceChecks.map(checkInfo),
      ...LINT_RULES.map(lintCheckInfo),
      ...behaviorChecks.map(checkInfo),
      DRIFT_CHECK_INFO,
    ].map((check) => [check.id, check]),
  );
  return registry;
}
