import { isValidToolName } from '../../tool-name.js';
import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { localName, nameWords } from '../name-words.js';
import { ACTION_VERBS } from '../tool-verbs.js';

export const qualityNamingVerbPrefix = defineLintRule({
  id: 'quality-naming-verb-prefix',
  layer: 'quality',
  severity: 'low',
  title: 'Tool names lead with a verb',
  summary:
    'Each tool name (after any `namespace.` prefix) has an action verb among its first two words: `create_issue`, `github_create_issue`.',
  labels: { 'name-lacks-verb': 'Neither of the name’s first two words is an action verb (`weather`, `user_data`).' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (!isValidToolName(tool.name)) return undefined;
      // A second word allows a service prefix written without a separator: `github_create_issue`.
      const lead = nameWords(localName(tool.name)).slice(0, 2);
      return lead.some((w) => ACTION_VERBS.has(w)) ? undefined : 'name-lacks-verb';
    }),
});
