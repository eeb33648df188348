import type { Suppression } from '../lint/suppressions.js';
import { ANY_TOOL } from '../lint/suppressions.js';
import type { LintRule } from '../lint/lint-rule.js';
import { LINT_RULES } from '../lint/rules/index.js';
import type { ReviewedEntry } from './reviewed-entry.js';
import { isExpired } from './reviewed-entry.js';

/**
 * Reviewed lint entries as lint suppressions, expiry not asked (the deprecated suppression file's
 * entries have none). An entry without a tool suppresses every finding of its rule (ANY_TOOL);
 * entries of another family or naming no lint rule are left out.
 */
export function toSuppressions(entries: readonly ReviewedEntry[], rules: readonly LintRule[] = LINT_RULES): Suppression[] {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return entries.flatMap((entry) => {
    const rule = entry.family === 'lint' ? byId.get(entry.check) : undefined;
    if (rule === undefined) return [];
    return [
      { layer: rule.layer, tool: entry.tool ?? ANY_TOOL, rule: rule.id, justification: entry.justification, location: entry.location },
    ];
  });
}

/**
 * The reviewed file's lint entries as lint suppressions, so scoring and the lint gate discount them
 * exactly as the suppression file's (lint's scores are computed while linting, not after). Expired
 * entries and entries naming no lint rule are left out; `applyReviewed` then reports them expired
 * or stale.
 */
export function reviewedSuppressions(
  entries: readonly ReviewedEntry[],
  today: string,
  rules: readonly LintRule[] = LINT_RULES,
): Suppression[] {
  return toSuppressions(
    entries.filter((entry) => !isExpired(entry, today)),
    rules,
  );
}
