import type { LintHit } from '../lint-rule.js';
import { defineLintRule } from '../lint-rule.js';

type Label = 'name-duplicated';

export const protocolNameUnique = defineLintRule({
  id: 'protocol-name-unique',
  layer: 'protocol',
  severity: 'high',
  title: 'Tool names are unique',
  summary: 'No two tools in the catalog share a name, so every tool can be called.',
  labels: { 'name-duplicated': 'Another tool in the catalog has exactly the same name; every holder of the name is flagged.' },
  check: (catalog) => {
    const byName = new Map<string, number[]>();
    for (const tool of catalog.tools) {
      if (tool.name === undefined) continue;
      const holders = byName.get(tool.name);
      if (holders === undefined) byName.set(tool.name, [tool.index]);
      else holders.push(tool.index);
    }
    const hits: LintHit<Label>[] = [];
    for (const holders of byName.values()) {
      if (holders.length > 1) for (const index of holders) hits.push({ tool: index, label: 'name-duplicated' });
    }
    return hits.sort((a, b) => a.tool - b.tool);
  },
});
