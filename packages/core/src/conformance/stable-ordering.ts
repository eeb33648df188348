import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { evaluatedNothing, nothingLabels } from '../evaluated-nothing.js';
import { listTools } from '../catalog/list-tools.js';
import type { ListWalk } from '../catalog/walk-list.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';

const LABELS = {
  'order-stable': 'Two consecutive tools/list walks returned the same tools in the same order.',
  'order-changed':
    'Two consecutive tools/list walks returned the same tools in a different order (firstDifference is the 0-based position).',
  'catalog-changed':
    'Two consecutive tools/list walks returned different sets of tools, with no list_changed in between that MCP Eval asked for.',
  ...nothingLabels('list-unreadable', 'nothing-listed'),
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type StableOrderingLabel = keyof typeof LABELS;

function names(walk: ListWalk): string[] {
  return walk.items.map((tool) => String(tool.name));
}

/**
 * Assertion 2, both eras: `tools/list` is deterministic. Clients cache and diff catalogs, and
 * prompt caches key on the tool list's bytes: an order that shuffles between calls defeats both.
 * Both walks follow every cursor, so a paginated catalog is compared whole.
 */
export const stableOrdering = defineCheck<ConformanceParams, StableOrderingLabel>({
  id: 'stable-ordering',
  kind: 'conformance',
  requirements: ['L64', 'M64'],
  title: 'Stable tool ordering',
  summary: 'Two consecutive tools/list walks return the same tools in the same order.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<StableOrderingLabel>> {
    const skip = unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    // The first walk is the run's shared catalog (it is a complete walk of this connection); the second is fresh.
    const first = await catalogTools(ctx);
    const second = first.problem === undefined ? await listTools(ctx, ctx.connection) : first;
    const problem = first.problem === undefined ? second : first;
    if (problem.problem !== undefined) {
      const measurements: Record<string, number> = { pages: problem.pages };
      if (problem.jsonRpcCode !== undefined) measurements.jsonRpcCode = problem.jsonRpcCode;
      return evaluatedNothing('list-unreadable', measurements);
    }
    const a = names(first);
    const b = names(second);
    // Two empty walks have no order to compare.
    if (a.length === 0 && b.length === 0) return evaluatedNothing('nothing-listed', { tools: 0, pages: first.pages });
    const measurements = { tools: a.length, pages: first.pages };
    const sameSet = a.length === b.length && new Set([...a, ...b]).size === a.length;
    if (!sameSet) return { status: 'fail', label: 'catalog-changed', measurements: { ...measurements, secondTools: b.length } };
    const firstDifference = a.findIndex((name, i) => name !== b[i]);
    if (firstDifference !== -1) return { status: 'fail', label: 'order-changed', measurements: { ...measurements, firstDifference } };
    return { status: 'pass', label: 'order-stable', measurements };
  },
});
