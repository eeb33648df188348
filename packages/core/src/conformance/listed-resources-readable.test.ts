import { onePasswordStdio } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { CHANNEL_ERAS } from '../test-support/matrix.js';
import { evaluateTarget } from '../test-support/evaluate-check.js';
import { listedResourcesReadable } from './listed-resources-readable.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('listed-resources-readable', () => {
  it.each(CHANNEL_ERAS)(
    'passes the reference server over $transport on $protocol: every listed resource reads',
    async ({ transport, protocol }) => {
      const record = await conformanceCase(listedResourcesReadable, 'reference', transport, protocol);
      expect(record).toMatchObject({ status: 'pass', label: 'listed-resources-readable' });
      expect(record.findings?.length).toBeGreaterThan(0);
      expect(record.findings?.every((f) => f.label === 'listed-resource-read')).toBe(true);
    },
  );

  it.each(['stdio', 'http'] as const)('fails a server listing a template and a URI it answers "not found" (%s)', async (transport) => {
    const record = await conformanceCase(listedResourcesReadable, 'broken-surfaces', transport, 'auto', { FIXTURE_FLAW: 'unreadable' });
    expect(record).toMatchObject({ status: 'fail', label: 'listed-resource-not-found', measurements: { listed: 3, read: 3 } });
    expect(record.findings).toEqual([
      { label: 'listed-resource-read', measurements: { index: 0, ...(transport === 'http' && { httpStatus: 200 }) } },
      {
        label: 'listed-resource-not-found',
        measurements: { index: 1, jsonRpcCode: -32602, ...(transport === 'http' && { httpStatus: 200 }) },
      },
      { label: 'template-in-list', measurements: { index: 2 } },
    ]);
  });

  it('fails 1password-mcp, whose every listed resource (one a {vaultId} template) is not found', async () => {
    const record = await evaluateTarget(listedResourcesReadable, {}, onePasswordStdio(), { protocol: '2026-07-28' });
    expect(record).toMatchObject({ status: 'fail' });
    expect(['listed-resource-not-found', 'template-in-list']).toContain(record.label);
    const labels = record.findings?.map((f) => f.label) ?? [];
    expect(labels).toContain('template-in-list');
    expect(labels.every((label) => label === 'template-in-list' || label === 'listed-resource-not-found')).toBe(true);
  });

  it('skips, never passes, a list that cannot be walked (surface-listing fails it)', async () => {
    const record = await conformanceCase(listedResourcesReadable, 'broken-surfaces', 'stdio', 'auto', { FIXTURE_FLAW: 'malformed' });
    expect(record).toMatchObject({ status: 'skip', label: 'list-unreadable' });
  });

  it('skips a server that declares no resources', async () => {
    const record = await conformanceCase(listedResourcesReadable, 'catalog', 'memory', 'auto', { FIXTURE_TOOLS: '3' });
    expect(record).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });

  it('skips, never passes, when every read of a listed resource answers an error', async () => {
    const record = await conformanceCase(listedResourcesReadable, 'unreadable-lists', 'stdio');
    expect(record).toMatchObject({ status: 'skip', label: 'nothing-read', measurements: { listed: 3, read: 3 } });
    expect(record.findings?.map((f) => f.label)).toEqual(Array(3).fill('listed-resource-read-error'));
  });
});
