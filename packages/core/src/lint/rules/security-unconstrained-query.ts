import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { unconstrainedParams } from '../unconstrained-params.js';

const LAST_WORDS: ReadonlySet<string> = new Set([
  'query',
  'sql',
  'expression',
  'expr',
  'filter',
  'where',
  'cypher',
  'jql',
  'gql',
  'graphql',
  'xpath',
  'jsonpath',
  'jq',
]);
const WHOLE_NAMES: ReadonlySet<string> = new Set(['q']);

export const securityUnconstrainedQuery = defineLintRule({
  id: 'security-unconstrained-query',
  layer: 'security',
  severity: 'medium',
  title: 'Query and expression parameters are constrained',
  summary:
    'No top-level string parameter named like a query or expression (`query`, `sql`, `filter`, `expression`, `where`…) accepts any text: each has an `enum`, `const`, `pattern` or `maxLength`.',
  labels: {
    'unconstrained-query-param':
      'A query or expression parameter takes any string of any length: the injection surface of the language behind it is open.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) =>
      unconstrainedParams(tool, LAST_WORDS, WHOLE_NAMES).length > 0 ? 'unconstrained-query-param' : undefined,
    ),
});
