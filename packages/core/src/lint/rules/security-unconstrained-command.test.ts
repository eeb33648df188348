import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securityUnconstrainedCommand } from './security-unconstrained-command.js';

const params = (properties: Record<string, unknown>): Record<string, unknown> =>
  cleanTool(2, { inputSchema: { type: 'object', properties } });

describe('security-unconstrained-command', () => {
  it('flags command and code parameters that take any string', () => {
    const tools = [
      params({ command: { type: 'string', description: 'Shell command.' } }),
      params({ shellCmd: { type: ['string', 'null'] } }),
      params({ code: { description: 'Python source, untyped.' } }),
      params({ script: { anyOf: [{ type: 'string' }, { type: 'null' }] } }),
      params({ run_script: true }),
    ];
    expect(ruleHits(securityUnconstrainedCommand, tools)).toEqual([0, 1, 2, 3, 4].map((i) => `${i}:unconstrained-command-param`));
  });

  it('passes constrained commands and names that only look alike', () => {
    const tools = [
      ...CLEAN_TOOLS,
      params({ command: { type: 'string', enum: ['start', 'stop'] } }),
      params({ cmd: { type: 'string', pattern: '^git (status|log)$' } }),
      params({ script: { type: 'string', maxLength: 200 } }),
      params({ country_code: { type: 'string' }, command_id: { type: 'string' }, commands: { type: 'array' } }),
    ];
    expect(ruleHits(securityUnconstrainedCommand, tools)).toEqual([]);
  });
});
