import { onePasswordStdio } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';
import { conformanceCase } from './test-support/conformance-case.js';
import { unsupportedVersionError } from './unsupported-version-error.js';

describe('unsupported-version-error', () => {
  it('passes the reference server over HTTP, where every request is checked', async () => {
    const record = await conformanceCase(unsupportedVersionError, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({
      status: 'pass',
      label: 'unsupported-version-rejected',
      measurements: { jsonRpcCode: -32022, httpStatus: 400 },
    });
    expect(record.findings).toBeUndefined();
  });

  it('passes the reference server over stdio, whose transport checks every request', async () => {
    const record = await conformanceCase(unsupportedVersionError, 'reference', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'unsupported-version-rejected', measurements: { jsonRpcCode: -32022 } });
  });

  it("fails a server that checks only a connection's first request (the SDK's own serveStdio, as 1password-mcp uses it)", async () => {
    const record = await evaluateTarget(unsupportedVersionError, {}, onePasswordStdio(), { protocol: '2026-07-28' });
    expect(record).toMatchObject({ status: 'fail', label: 'established-connection-served' });
  });

  it.each(['stdio', 'http'] as const)('fails a server that serves any version it is asked for (%s)', async (transport) => {
    const record = await conformanceCase(unsupportedVersionError, 'sloppy-modern', transport);
    expect(record).toMatchObject({ status: 'fail', label: 'unsupported-version-served' });
  });

  it('skips a legacy connection', async () => {
    const record = await conformanceCase(unsupportedVersionError, 'reference', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
