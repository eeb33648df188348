import { describe, expect, it } from 'vitest';

import { LIST_WALK_PROBLEMS } from '../../catalog/walk-list.js';
import { WHOLE_CATALOG } from '../lint-rule.js';
import { readCatalog } from '../read-catalog.js';
import { CLEAN_TOOLS, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolCatalogListing } from './protocol-catalog-listing.js';

describe('protocol-catalog-listing', () => {
  it('flags the whole catalog with the listing defect and its page', () => {
    const hits = protocolCatalogListing.check(readCatalog(CLEAN_TOOLS, { problem: 'cursor-repeated', page: 3 }));
    expect(hits).toEqual([{ tool: WHOLE_CATALOG, label: 'cursor-repeated', measurements: { page: 3 } }]);
  });

  it.each(LIST_WALK_PROBLEMS.map((problem) => [problem]))('has a label of its own for %s', (problem) => {
    const [hit] = protocolCatalogListing.check(readCatalog([], { problem, page: 2 }));
    expect(hit !== undefined && Object.hasOwn(protocolCatalogListing.labels, hit.label)).toBe(true);
  });

  it('passes a catalog read to its end', () => {
    expect(ruleHits(protocolCatalogListing, CLEAN_TOOLS)).toEqual([]);
  });
});
