import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { matchingLabels } from '../match-text.js';

type Label = 'arbitrary-execution' | 'unrestricted-access';

// Written for normalized text (see match-text.ts); bounded, no `g` flag.
const PATTERNS: Readonly<Record<Label, readonly RegExp[]>> = {
  'arbitrary-execution': [
    /\b(execute|executes|run|runs|evaluate|evaluates|eval) (any|arbitrary|all kinds of) ((shell|python|javascript|js|sql|system|bash) )?(code|commands?|shell|scripts?|sql|queries|programs?|statements?)\b/,
    /\barbitrary (code|commands?|shell|sql|scripts?|programs?|queries|file (access|reads?|writes?))\b/,
  ],
  'unrestricted-access': [
    /\b(unrestricted|unlimited|full|complete|root|superuser|administrator|admin) (access|permissions?|privileges?|control)\b/,
    /\bany (file|files|directory|path|url|host|database|table) (on|in|across|of) (the|your) (system|machine|computer|disk|filesystem|file system|network|server)\b/,
    /\b(without|no) (any )?(sandbox|sandboxing|restrictions)\b/,
  ],
};

export const securityBroadPermissions = defineLintRule({
  id: 'security-broad-permissions',
  layer: 'security',
  severity: 'medium',
  title: 'No tool claims unbounded power',
  summary: 'No tool describes itself as running arbitrary code or commands, or as having full, root or unrestricted access to the system.',
  labels: {
    'arbitrary-execution': 'Text says the tool executes arbitrary or any code, commands, scripts or queries.',
    'unrestricted-access': 'Text claims full, root or unrestricted access, access to any file on the system, or no restrictions.',
  },
  check: (catalog) => hitsPerTool(catalog, (tool) => matchingLabels(tool, PATTERNS)),
});
