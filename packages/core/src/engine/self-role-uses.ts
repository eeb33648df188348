import type { SelfRole } from '../behavior/self-role.js';
import { selfRoles } from '../behavior/self-role.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import { caseColumns, needsJudge, readBehaviorCase } from './behavior-case.js';

/** The catalog-only checks that ask the judge, and those that ask the generator (docs/judge.md). */
const JUDGED_CHECKS: ReadonlySet<string> = new Set(['description-clarity']);
const GENERATED_CHECKS: ReadonlySet<string> = new Set([
  'overlap-disambiguation',
  'safety-resistance',
  'argument-generation',
  'catalog-scaling',
]);

/**
 * The roles a column plays for itself in this run: the judge's column among the columns of a case
 * the judge scores, or the generator's among those of a check it writes requests for. Each role
 * once, however many cases share the column.
 */
export function selfRoleUses(
  specs: readonly CaseSpec[],
  columns: readonly string[],
  roles: { readonly judge?: string; readonly generator?: string },
): readonly SelfRole[] {
  const found = new Map<string, SelfRole>();
  for (const spec of specs) {
    if (spec.kind !== 'behavior') continue;
    const under = caseColumns(spec) ?? columns;
    const catalog = JUDGED_CHECKS.has(spec.check) || GENERATED_CHECKS.has(spec.check);
    const judged = catalog ? JUDGED_CHECKS.has(spec.check) : needsJudge(readBehaviorCase(spec));
    const generated = GENERATED_CHECKS.has(spec.check);
    const inRole = {
      ...(judged && roles.judge !== undefined ? { judge: roles.judge } : {}),
      ...(generated && roles.generator !== undefined ? { generator: roles.generator } : {}),
    };
    for (const self of selfRoles(inRole, under)) found.set(self.role, self);
  }
  return [...found.values()];
}
