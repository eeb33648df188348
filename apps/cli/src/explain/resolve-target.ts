/** What a target is matched against: a saved report's record, or a manifest case (no labels). */
export interface TargetRow {
  readonly id: string;
  readonly check: string;
  readonly tool?: string;
  /** The record's label and its findings' labels; none for a manifest case. */
  readonly labels: readonly string[];
}

/** How a target matched, in the order tried. */
export type TargetForm = 'case-id' | 'check-tool' | 'check' | 'label';

export interface ResolvedTarget {
  readonly form: TargetForm;
  /** The matching case ids, each once, in the rows' order. */
  readonly ids: readonly string[];
}

function unique(rows: readonly TargetRow[]): string[] {
  return [...new Set(rows.map((row) => row.id))];
}

/**
 * Resolves what the user typed to case ids: an exact case id first; else `check/tool` (a row whose
 * check and tool match; check ids hold no `/`, tool names may, so it splits at the first); else a
 * check id (every row of that check); else a label (every row whose label or finding label is it).
 * Undefined when nothing matches.
 */
export function resolveTarget(target: string, rows: readonly TargetRow[]): ResolvedTarget | undefined {
  const byId = rows.filter((row) => row.id === target);
  if (byId.length > 0) return { form: 'case-id', ids: unique(byId) };
  const slash = target.indexOf('/');
  if (slash > 0) {
    const check = target.slice(0, slash);
    const tool = target.slice(slash + 1);
    const byRow = rows.filter((row) => row.check === check && row.tool === tool);
    if (byRow.length > 0) return { form: 'check-tool', ids: unique(byRow) };
  }
  const byCheck = rows.filter((row) => row.check === target);
  if (byCheck.length > 0) return { form: 'check', ids: unique(byCheck) };
  const byLabel = rows.filter((row) => row.labels.includes(target));
  if (byLabel.length > 0) return { form: 'label', ids: unique(byLabel) };
  return undefined;
}
