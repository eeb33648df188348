import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { normalizeText } from '../match-text.js';

// A result cue ("returns", "responds with") or a usage cue ("use this when", "for example").
const CUES =
  /\b(returns?|returning|responds?|response|outputs?|yields?|results?|produces?|gives back|use (this|it|when|for|to|only|before|after)|when (you|the user|a user)|useful (for|when)|in order to|so that|for example|e\.g\.|such as|only if|requires?|must be|should be)\b/;

export const qualityDescriptionExplainsUsage = defineLintRule({
  id: 'quality-description-explains-usage',
  layer: 'quality',
  severity: 'info',
  title: 'Descriptions say when to use the tool or what it returns',
  summary: 'Each description says what comes back, or when (and when not) to call the tool.',
  labels: {
    'usage-not-explained': 'The description gives no cue about what the tool returns or when to use it.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.description === undefined || tool.description.trim() === '') return undefined;
      if (CUES.test(normalizeText(tool.description))) return undefined;
      // An output schema documents what comes back as well as prose does.
      return tool.outputSchema === undefined ? 'usage-not-explained' : undefined;
    }),
});
