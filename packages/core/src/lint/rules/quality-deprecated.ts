import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { normalizeText } from '../match-text.js';
import { ownField } from '../read-catalog.js';

export const qualityDeprecated = defineLintRule({
  id: 'quality-deprecated',
  layer: 'quality',
  severity: 'info',
  title: 'No deprecated tools in the catalog',
  summary: 'The catalog lists no tool marked deprecated; each one still costs tokens and competes for selection.',
  labels: { 'deprecated-tool': 'The tool’s name, description or schema marks it deprecated.' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const byText = tool.description !== undefined && /\bdeprecated\b/.test(normalizeText(tool.description));
      const byName = tool.nameWords.includes('deprecated');
      const bySchema = ownField(tool.inputSchema, 'deprecated') === true || ownField(tool.annotations, 'deprecated') === true;
      return byText || byName || bySchema ? 'deprecated-tool' : undefined;
    }),
});
