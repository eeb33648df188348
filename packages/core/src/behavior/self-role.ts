import type { ModelRoleKind } from './role-ledger.js';

/** A column that judges or generates for itself: the same column id in a role and under test. */
export interface SelfRole {
  readonly role: ModelRoleKind;
  readonly model: string;
}

/** Every role whose column is also among `columnsUnderTest`. */
export function selfRoles(
  roles: Partial<Readonly<Record<ModelRoleKind, string>>>,
  columnsUnderTest: readonly string[],
): readonly SelfRole[] {
  const under = new Set(columnsUnderTest);
  return (['judge', 'generator'] as const).flatMap((role) => {
    const model = roles[role];
    return model !== undefined && under.has(model) ? [{ role, model }] : [];
  });
}

/** The fixed console warning (a column id is the user's own, validated name). */
export function selfRoleWarning(self: SelfRole): string {
  const does = self.role === 'judge' ? 'judges its own answers' : 'generates the requests it is then tested on';
  return `warning: model column ${self.model} ${does}; use a different column as ${self.role} for an independent result`;
}
