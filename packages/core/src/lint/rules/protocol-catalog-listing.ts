import type { ListWalkProblem } from '../../catalog/walk-list.js';
import type { LintHit } from '../lint-rule.js';
import { defineLintRule, WHOLE_CATALOG } from '../lint-rule.js';

type Label =
  'page-malformed' | 'duplicate-tool' | 'cursor-repeated' | 'too-many-pages' | 'list-error' | 'list-failed' | 'catalog-budget-exceeded';

/** The walk's problem as this rule's label: the same names the pagination probe reports. */
const LABEL_OF: Readonly<Record<ListWalkProblem, Label>> = {
  'page-malformed': 'page-malformed',
  'duplicate-item': 'duplicate-tool',
  'cursor-repeated': 'cursor-repeated',
  'too-many-pages': 'too-many-pages',
  'list-error': 'list-error',
  'list-failed': 'list-failed',
  'budget-exceeded': 'catalog-budget-exceeded',
};

export const protocolCatalogListing = defineLintRule({
  id: 'protocol-catalog-listing',
  layer: 'protocol',
  severity: 'critical',
  scope: 'catalog',
  title: 'The catalog lists to its end',
  summary: 'Every tools/list page was read, cursor by cursor, to a page without a next cursor, with no defect on the way.',
  labels: {
    'page-malformed': 'A later page had no tools array, an entry without a string name, or a nextCursor that is not a string.',
    'duplicate-tool': 'A later page repeated a tool name already listed.',
    'cursor-repeated': 'A page sent a cursor already sent: a client following it loops forever.',
    'too-many-pages': 'The server still offered a next cursor after the page bound (5,000 pages).',
    'list-error': 'A later tools/list page was answered with a JSON-RPC error.',
    'list-failed': 'A later tools/list page got no answer: timeout, crash, closed connection or an unparseable reply.',
    'catalog-budget-exceeded': 'The pages received passed the catalog budget (bytes or tools) before the cursors ended.',
  },
  check: (catalog) => {
    const { listing } = catalog;
    if (listing === undefined) return [];
    const hit: LintHit<Label> = { tool: WHOLE_CATALOG, label: LABEL_OF[listing.problem], measurements: { page: listing.page } };
    return [hit];
  },
});
