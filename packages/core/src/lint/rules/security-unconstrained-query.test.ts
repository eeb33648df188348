import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securityUnconstrainedQuery } from './security-unconstrained-query.js';

const params = (properties: Record<string, unknown>): Record<string, unknown> =>
  cleanTool(1, { inputSchema: { type: 'object', properties } });

describe('security-unconstrained-query', () => {
  it('flags query, sql, filter and expression parameters that take any string', () => {
    const tools = [
      params({ query: { type: 'string' } }),
      params({ sql_query: { type: 'string', minLength: 1 } }),
      params({ filterExpression: { type: 'string' } }),
      params({ where: { type: 'string' } }),
      params({ q: { type: 'string' } }),
    ];
    expect(ruleHits(securityUnconstrainedQuery, tools)).toEqual([0, 1, 2, 3, 4].map((i) => `${i}:unconstrained-query-param`));
  });

  it('passes bounded queries and ids that only start with the word', () => {
    const tools = [
      ...CLEAN_TOOLS,
      params({ query: { type: 'string', maxLength: 500 } }),
      params({ sql: { type: 'string', pattern: '^SELECT ' } }),
      params({ query_id: { type: 'string' }, filter: { type: 'object' } }),
    ];
    expect(ruleHits(securityUnconstrainedQuery, tools)).toEqual([]);
  });
});
