import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { unconstrainedParams } from '../unconstrained-params.js';

type Label = 'unconstrained-path-param' | 'unconstrained-url-param';

const PATH_WORDS: ReadonlySet<string> = new Set([
  'path',
  'paths',
  'filepath',
  'filename',
  'pathname',
  'file',
  'dir',
  'directory',
  'folder',
]);
const URL_WORDS: ReadonlySet<string> = new Set(['url', 'urls', 'uri', 'endpoint', 'webhook', 'callback', 'redirect', 'href', 'link']);

export const securityUnconstrainedLocator = defineLintRule({
  id: 'security-unconstrained-locator',
  layer: 'security',
  severity: 'medium',
  title: 'Path and URL parameters are constrained',
  summary:
    'No top-level string parameter named like a file path or URL (`path`, `file_path`, `url`, `webhook`, `callback`…) accepts any text: each has an `enum`, `const`, `pattern` or `maxLength`.',
  labels: {
    'unconstrained-path-param': 'A path parameter takes any string: path traversal (`../../.ssh/id_rsa`) is one model mistake away.',
    'unconstrained-url-param': 'A URL parameter takes any string: the tool can be pointed at internal services or an attacker’s server.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const labels: Label[] = [];
      if (unconstrainedParams(tool, PATH_WORDS).length > 0) labels.push('unconstrained-path-param');
      if (unconstrainedParams(tool, URL_WORDS).length > 0) labels.push('unconstrained-url-param');
      return labels;
    }),
});
