import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { preferenceTargets } from '../preference-targets.js';

export const qualityToolPreference = defineLintRule({
  id: 'quality-tool-preference',
  layer: 'quality',
  severity: 'low',
  title: 'Guidance between sibling tools says when, not always',
  summary: 'No description tells the model to always prefer this tool over other tools of the same catalog; it says when each one fits.',
  labels: {
    'prefers-own-tool':
      'Text tells the model to always prefer this tool over tools of the same catalog ("prefer this tool over multiple \'fill\' calls"), instead of saying when each one fits.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const targets = preferenceTargets(tool, catalog);
      // Language that also points elsewhere is security-prompt-injection's: one finding, the graver one.
      return targets.has('own-tools') && !targets.has('elsewhere') ? 'prefers-own-tool' : undefined;
    }),
});
