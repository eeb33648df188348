import { describe, expect, it } from 'vitest';

import { headerDeclarations } from './header-declarations.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('header-declarations', () => {
  it.each(['stdio', 'http'] as const)('passes valid string and integer declarations (header-flaws none, %s)', async (transport) => {
    const record = await conformanceCase(headerDeclarations, 'header-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({
      status: 'pass',
      label: 'header-declarations-valid',
      measurements: { tools: 2, headers: 2, defects: 0 },
    });
  });

  it('passes the SDK-built modern-only server (lookup_region over HTTP)', async () => {
    const record = await conformanceCase(headerDeclarations, 'modern-only', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'header-declarations-valid', measurements: { tools: 1, headers: 1 } });
  });

  it.each([
    ['name-empty', 'header-empty'],
    ['name-not-token', 'header-not-token'],
    ['name-control', 'header-control-character'],
    ['name-duplicate', 'header-duplicate'],
    ['name-unreachable', 'header-unreachable'],
    ['type-number', 'header-type-invalid'],
  ] as const)('fails header-flaws %s with %s, naming the tool', async (flaw, label) => {
    const record = await conformanceCase(headerDeclarations, 'header-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: flaw });
    expect(record).toMatchObject({ status: 'fail', label, measurements: { tools: 3, defects: 1 } });
    expect(record.findings).toEqual([{ label, tool: expect.stringMatching(/^tag_/) as unknown }]);
  });

  it('skips, never passes, a server with no x-mcp-header (the reference), and the legacy era', async () => {
    expect(await conformanceCase(headerDeclarations, 'reference', 'stdio', '2026-07-28')).toMatchObject({
      status: 'skip',
      label: 'no-header-declared',
    });
    expect(await conformanceCase(headerDeclarations, 'reference', 'http', '2025-11-25')).toMatchObject({
      status: 'skip',
      label: 'era-legacy',
    });
  });
});
