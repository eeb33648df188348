import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityNamingVerbPrefix } from './quality-naming-verb-prefix.js';

describe('quality-naming-verb-prefix', () => {
  it('flags names without a verb in their first two words', () => {
    const tools = [cleanTool(0, { name: 'weather' }), cleanTool(1, { name: 'calendar_event_list' })];
    expect(ruleHits(qualityNamingVerbPrefix, tools)).toEqual(['0:name-lacks-verb', '1:name-lacks-verb']);
  });

  it('passes a leading verb, a service prefix before it, and namespaces', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(0, { name: 'github_create_issue' }), cleanTool(1, { name: 'calendar.listEvents' })];
    expect(ruleHits(qualityNamingVerbPrefix, tools)).toEqual([]);
  });

  it('knows the verbs of published browser and cluster catalogs (chrome-devtools-mcp, @playwright/mcp, firecrawl-mcp, mcp-server-kubernetes)', () => {
    const names = [
      'hover',
      'select_page',
      'emulate',
      'browser_resize',
      'firecrawl_interact',
      'kubectl_scale',
      'kubectl_reconnect',
      'port_forward',
    ];
    const tools = names.map((name) => cleanTool(0, { name }));
    expect(ruleHits(qualityNamingVerbPrefix, tools)).toEqual([]);
  });
});
