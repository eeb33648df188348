import { describe, expect, it } from 'vitest';

import { applyAssertionLevels } from './gate/apply-assertion-levels.js';
import { toolNames } from './tool-names.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('tool-names', () => {
  it.each([
    ['stdio', '2026-07-28'],
    ['http', '2025-11-25'],
  ] as const)('passes the reference server (%s, %s)', async (transport, protocol) => {
    const record = await conformanceCase(toolNames, 'reference', transport, protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'tool-names-valid', measurements: { invalidNames: 0, duplicateNames: 0 } });
  });

  it('fails utility-flaws, which lists a tool named with spaces and punctuation; a SHOULD, so the gate passes it unless --strict', async () => {
    const record = await conformanceCase(toolNames, 'utility-flaws', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'tool-name-invalid', measurements: { tools: 2, invalidNames: 1 } });
    expect(applyAssertionLevels([record], [toolNames], false)[0]).toMatchObject({
      status: 'pass',
      label: 'should-unmet',
      findings: [{ label: 'tool-name-invalid' }],
    });
    expect(applyAssertionLevels([record], [toolNames], true)[0]).toMatchObject({ status: 'fail' });
  });

  it('skips, never passes, when tools/list cannot be read', async () => {
    const record = await conformanceCase(toolNames, 'unreadable-lists', 'stdio');
    expect(record).toMatchObject({ status: 'skip', label: 'list-unreadable', measurements: { pages: 1 } });
  });

  it('skips an empty catalog: no name to judge', async () => {
    const record = await conformanceCase(toolNames, 'unreadable-lists', 'stdio', 'auto', { FIXTURE_FLAW: 'empty' });
    expect(record).toMatchObject({ status: 'skip', label: 'nothing-listed' });
  });
});
