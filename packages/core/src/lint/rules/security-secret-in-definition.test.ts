import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securitySecretInDefinition } from './security-secret-in-definition.js';

const described = (description: string): Record<string, unknown> => cleanTool(0, { description });
// Built at run time so no secret-shaped literal sits in the source for scanners to trip on.
const fake = (prefix: string, length: number): string => prefix + 'Q7v2LmX9pR4tZ8wK1nB6cY3hJ5dF0gS'.repeat(9).slice(0, length);

describe('security-secret-in-definition', () => {
  it.each([
    [`Returns the forecast. Key: ${fake('AKIA', 16).toUpperCase()}`, 'aws-access-key'],
    [`Returns the forecast using ${fake('ghp_', 36)}.`, 'github-token'],
    [`Returns the forecast. ${'-----BEGIN'} RSA PRIVATE KEY-----\nMIIE...`, 'private-key-block'],
    [`Returns the forecast. ${fake('xoxb-', 30)}`, 'slack-token'],
    [`Returns the forecast. ${fake('AIza', 35)}`, 'google-api-key'],
    [`Returns the forecast. ${fake('sk_live_', 24)}`, 'stripe-key'],
    [`Returns the forecast. ${fake('sk-proj-', 40)}`, 'ai-provider-key'],
    [`Returns the forecast. eyJ${fake('', 20)}.eyJ${fake('', 30)}.${fake('', 25)}`, 'jwt'],
    [`Returns the forecast. Call with api_key=${fake('', 24)} for more.`, 'generic-credential'],
  ])('flags %j as %s', (description, label) => {
    expect(ruleHits(securitySecretInDefinition, [described(description)])).toEqual([`0:${label}`]);
  });

  it('flags a credential-named parameter with a secret-looking default, and a key-named field', () => {
    const inputSchema = { type: 'object', properties: { api_key: { type: 'string', default: fake('', 28) } } };
    const tools = [cleanTool(0, { inputSchema }), cleanTool(1, { _meta: { authToken: fake('', 32) } })];
    expect(ruleHits(securitySecretInDefinition, tools)).toEqual(['0:generic-credential', '1:generic-credential']);
  });

  it('passes placeholders, documentation examples and low-entropy values', () => {
    const inputSchema = {
      type: 'object',
      properties: {
        api_key: { type: 'string', description: 'Your API key.', examples: ['YOUR_API_KEY_HERE', 'xxxxxxxxxxxxxxxxxxxx'] },
        max_tokens: { type: 'integer', default: 1024 },
      },
    };
    const tools = [
      ...CLEAN_TOOLS,
      cleanTool(0, { inputSchema }),
      described('Returns the forecast. Set token = <your token> in the config, e.g. AKIAIOSFODNN7EXAMPLE.'),
      described('Returns the forecast for a task-specific sk- prefix like sk-123.'),
    ];
    expect(ruleHits(securitySecretInDefinition, tools)).toEqual([]);
  });
});
