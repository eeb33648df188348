import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { unconstrainedParams } from '../unconstrained-params.js';

const LAST_WORDS: ReadonlySet<string> = new Set([
  'command',
  'commands',
  'cmd',
  'cmdline',
  'script',
  'shell',
  'exec',
  'eval',
  'bash',
  'powershell',
  'pwsh',
]);
// `code` alone is code; `country_code` and `zip_code` are not.
const WHOLE_NAMES: ReadonlySet<string> = new Set(['code', 'program', 'snippet', 'sourcecode']);

export const securityUnconstrainedCommand = defineLintRule({
  id: 'security-unconstrained-command',
  layer: 'security',
  severity: 'high',
  title: 'Command and code parameters are constrained',
  summary:
    'No top-level string parameter named like a command or code (`command`, `cmd`, `script`, `shell`, `code`…) accepts any text: each has an `enum`, `const`, `pattern` or `maxLength`.',
  labels: {
    'unconstrained-command-param':
      'A command or code parameter takes any string, so a prompt-injected model can run whatever it is told to.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) =>
      unconstrainedParams(tool, LAST_WORDS, WHOLE_NAMES).length > 0 ? 'unconstrained-command-param' : undefined,
    ),
});
