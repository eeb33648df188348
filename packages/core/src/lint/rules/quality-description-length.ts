import { defineLintRule, hitsPerTool } from '../lint-rule.js';

/** Below this, a description cannot say what a tool does and when to use it (MCP Lens: 20). */
export const MIN_DESCRIPTION_CHARS = 20;
/** Above this, a description costs every conversation tokens it rarely repays. */
export const MAX_DESCRIPTION_CHARS = 1024;

export const qualityDescriptionLength = defineLintRule({
  id: 'quality-description-length',
  layer: 'quality',
  severity: 'low',
  title: 'Descriptions have a useful length',
  summary: `Each description is between ${MIN_DESCRIPTION_CHARS} and ${MAX_DESCRIPTION_CHARS} characters.`,
  labels: {
    'description-too-short': `The description is shorter than ${MIN_DESCRIPTION_CHARS} characters.`,
    'description-too-long': `The description is longer than ${MAX_DESCRIPTION_CHARS} characters.`,
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const text = tool.description?.trim();
      if (text === undefined || text === '') return undefined; // protocol-description-present reports it
      if (text.length < MIN_DESCRIPTION_CHARS) return 'description-too-short';
      return text.length > MAX_DESCRIPTION_CHARS ? 'description-too-long' : undefined;
    }),
});
