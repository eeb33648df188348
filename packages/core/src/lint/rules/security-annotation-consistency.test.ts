import { describe, expect, it } from 'vitest';

import { CONTEXT7_RESOLVE } from '../test-support/published-catalogs.js';
import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securityAnnotationConsistency } from './security-annotation-consistency.js';

describe('security-annotation-consistency', () => {
  it('flags read-only claims on destructive or write verbs, and destructiveHint false on destructive verbs', () => {
    const tools = [
      cleanTool(0, { name: 'delete_forecast', annotations: { readOnlyHint: true } }),
      cleanTool(1, { name: 'calendar.updateEvent', annotations: { readOnlyHint: true } }),
      cleanTool(2, { name: 'purge_invoices', annotations: { readOnlyHint: false, destructiveHint: false } }),
    ];
    expect(ruleHits(securityAnnotationConsistency, tools)).toEqual([
      '0:read-only-destructive-verb',
      '1:read-only-write-verb',
      '2:not-destructive-destructive-verb',
    ]);
  });

  it('passes honest hints, classing by the first verb so nouns do not count', () => {
    const tools = [
      ...CLEAN_TOOLS,
      cleanTool(0, { name: 'list_drop_zones', annotations: { readOnlyHint: true } }),
      cleanTool(1, { name: 'run_readonly_query', annotations: { readOnlyHint: true } }),
      cleanTool(2, { name: 'delete_invoice', annotations: { destructiveHint: true } }),
    ];
    expect(ruleHits(securityAnnotationConsistency, tools)).toEqual([]);
  });

  it("reads resolve, find, lookup, search, query and fetch as reads (context7's resolve-library-id)", () => {
    expect(ruleHits(securityAnnotationConsistency, CONTEXT7_RESOLVE)).toEqual([]);
    const reads = ['find_projects', 'lookup_user', 'search_issues', 'query_docs', 'fetch_page'].map((name) =>
      cleanTool(0, { name, annotations: { readOnlyHint: true } }),
    );
    expect(ruleHits(securityAnnotationConsistency, reads)).toEqual([]);
  });
});
