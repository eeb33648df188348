import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';
import { everythingStdio } from '@mcp-eval/fixture-servers';
import { declaredCapabilities } from './declared-capabilities.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('declared-capabilities', () => {
  it.each([
    ['stdio', '2026-07-28'],
    ['http', '2025-11-25'],
  ] as const)('passes the reference server (%s, %s): completion/complete, undeclared, is refused', async (transport, protocol) => {
    const record = await conformanceCase(declaredCapabilities, 'reference', transport, protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'undeclared-surfaces-refused', measurements: { probes: 1 } });
    expect(record.findings?.map((f) => f.label)).toEqual(['completions-refused']);
  });

  it('passes a tools-only server: resources, prompts and completions are all refused', async () => {
    const record = await conformanceCase(declaredCapabilities, 'catalog', 'stdio');
    expect(record.findings?.map((f) => f.label)).toEqual(['resources-refused', 'prompts-refused', 'completions-refused']);
    expect(record.status).toBe('pass');
  });

  it.each(['sloppy-modern', 'sloppy-legacy'] as const)('fails %s, which serves prompts/list without declaring prompts', async (fixture) => {
    for (const transport of ['stdio', 'http'] as const) {
      const record = await conformanceCase(declaredCapabilities, fixture, transport);
      expect(record).toMatchObject({ status: 'fail', label: 'prompts-served-undeclared' });
    }
  });

  it('skips server-everything, which declares all four', async () => {
    const record = await evaluateTarget(declaredCapabilities, {}, everythingStdio());
    expect(record).toMatchObject({ status: 'skip', label: 'everything-declared' });
  });
});
