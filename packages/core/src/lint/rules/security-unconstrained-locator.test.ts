import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securityUnconstrainedLocator } from './security-unconstrained-locator.js';

const params = (properties: Record<string, unknown>): Record<string, unknown> =>
  cleanTool(1, { inputSchema: { type: 'object', properties } });

describe('security-unconstrained-locator', () => {
  it('flags path and URL parameters that take any string', () => {
    const tools = [
      params({ path: { type: 'string' } }),
      params({ filePath: { type: 'string' }, webhook_url: { type: 'string', format: 'uri' } }),
      params({ callback: { type: 'string' } }),
    ];
    expect(ruleHits(securityUnconstrainedLocator, tools)).toEqual([
      '0:unconstrained-path-param',
      '1:unconstrained-path-param',
      '1:unconstrained-url-param',
      '2:unconstrained-url-param',
    ]);
  });

  it('passes bounded paths and URLs, and ids named after files', () => {
    const tools = [
      ...CLEAN_TOOLS,
      params({ path: { type: 'string', pattern: '^[a-z0-9_/-]+$' } }),
      params({ url: { type: 'string', maxLength: 2048 } }),
      params({ file_id: { type: 'string' }, url_count: { type: 'integer' } }),
    ];
    expect(ruleHits(securityUnconstrainedLocator, tools)).toEqual([]);
  });
});
