import type { LintLayer, LintSeverity } from '../record.js';
import type { CatalogTool, LintCatalog } from './read-catalog.js';

/** The `tool` of a hit of a catalog-scoped rule: the defect is the catalog's, not one tool's. */
export const WHOLE_CATALOG = -1;

/**
 * One rule hit on one tool. `tool` is the tool's index in the catalog, not its name: names may be
 * missing, invalid or duplicated, and the index keeps them apart until the record boundary.
 * A catalog-scoped rule's hits carry `WHOLE_CATALOG`.
 */
export interface LintHit<L extends string = string> {
  readonly tool: number;
  readonly label: L;
  /** Numbers only (e.g. a similarity), never server text. */
  readonly measurements?: Readonly<Record<string, number>>;
}

/** One static rule over the catalog: one module in `rules/`, its id equal to its file name. */
export interface LintRule<L extends string = string> {
  /** kebab-case, prefixed by its layer; equals the file name and the docs page name. */
  readonly id: string;
  readonly layer: LintLayer;
  readonly severity: LintSeverity;
  /**
   * `tool` (the default): each tool is one unit of the score. `catalog`: the catalog as a whole is
   * one unit, judged once (a listing defect belongs to no single tool).
   */
  readonly scope?: 'tool' | 'catalog';
  readonly title: string;
  /** One sentence: what passing means. */
  readonly summary: string;
  /** Every label the rule can put on a finding, with what it means. */
  readonly labels: Readonly<Record<L, string>>;
  check(catalog: LintCatalog): LintHit<L>[];
}

/** Identity helper that keeps each hit's label checked against the rule's `labels`. */
export function defineLintRule<L extends string>(rule: LintRule<L>): LintRule<L> {
  return rule;
}

/**
 * Runs a per-tool test over the catalog: most rules judge each tool on its own. The test returns
 * the labels it found (none, one, or several) for that tool.
 */
export function hitsPerTool<L extends string>(
  catalog: LintCatalog,
  test: (tool: CatalogTool) => L | readonly L[] | undefined,
): LintHit<L>[] {
  const hits: LintHit<L>[] = [];
  for (const tool of catalog.tools) {
    const found = test(tool);
    if (found === undefined) continue;
    const labels: readonly L[] = typeof found === 'string' ? [found as L] : (found as readonly L[]);
    for (const label of new Set(labels)) hits.push({ tool: tool.index, label });
  }
  return hits;
}
