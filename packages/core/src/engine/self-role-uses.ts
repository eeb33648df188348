import type { SelfRole } from '../behavior/self-role.js';
import { selfRoles } from '../behavior/self-role.js';
import { findBehaviorCheck } from '../checks/behavior/index.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import { caseColumns, needsJudge, readBehaviorCase } from './behavior-case.js';

/** Whether a case asks the judge: its check's `roles.judge`, or the case's `semantic` arguments. */
function asksJudge(spec: CaseSpec): boolean {
  const judge = findBehaviorCheck(spec.check)?.roles.judge ?? false;
  return judge === 'when-semantic' ? needsJudge(readBehaviorCase(spec)) : judge;
}

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
    const generated = findBehaviorCheck(spec.check)?.roles.generator === true;
    const inRole = {
      ...(asksJudge(spec) && roles.judge !== undefined ? { judge: roles.judge } : {}),
      ...(generated && roles.generator !== undefined ? { generator: roles.generator } : {}),
    };
    for (const self of selfRoles(inRole, under)) found.set(self.role, self);
  }
  return [...found.values()];
}
