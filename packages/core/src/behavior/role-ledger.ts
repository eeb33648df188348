import type { ModelSpend } from '../models/model-port.js';

/** The roles a column can play besides being under test. */
export type ModelRoleKind = 'judge' | 'generator';

export const MODEL_ROLE_KINDS: readonly ModelRoleKind[] = ['judge', 'generator'];

/** What one column spent in one role over the run: counts only. */
export interface RoleSpendEntry {
  readonly role: ModelRoleKind;
  /** The column id the user chose. */
  readonly model: string;
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** Collects judge and generator spend per (role, column), for the report's `roles` list. */
export interface RoleLedger {
  add(role: ModelRoleKind, model: string, spend: ModelSpend): void;
  entries(): readonly RoleSpendEntry[];
}

export function createRoleLedger(): RoleLedger {
  const totals = new Map<string, { role: ModelRoleKind; model: string; requests: number; inputTokens: number; outputTokens: number }>();
  return {
    add(role, model, spend) {
      const key = `${role}\u0000${model}`;
      const entry = totals.get(key) ?? { role, model, requests: 0, inputTokens: 0, outputTokens: 0 };
      entry.requests += spend.requests;
      entry.inputTokens += spend.usage.inputTokens;
      entry.outputTokens += spend.usage.outputTokens;
      totals.set(key, entry);
    },
    entries: () => [...totals.values()].sort((a, b) => (a.role === b.role ? a.model.localeCompare(b.model) : a.role.localeCompare(b.role))),
  };
}
