import { startEverythingHttp } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';
import { legacyProtocolHeader } from './legacy-protocol-header.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('legacy-protocol-header', () => {
  it('passes the reference server over HTTP: 400', async () => {
    const record = await conformanceCase(legacyProtocolHeader, 'reference', 'http', '2025-11-25');
    expect(record).toMatchObject({ status: 'pass', label: 'unsupported-header-rejected', measurements: { httpStatus: 400 } });
  });

  it('passes server-everything over HTTP', async () => {
    const server = await startEverythingHttp();
    try {
      const record = await evaluateTarget(legacyProtocolHeader, {}, { transport: 'http', url: server.url });
      expect(record).toMatchObject({ status: 'pass', label: 'unsupported-header-rejected', measurements: { httpStatus: 400 } });
    } finally {
      await server.close();
    }
  });

  it('fails a server that never looks at the header', async () => {
    const record = await conformanceCase(legacyProtocolHeader, 'sloppy-legacy', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'unsupported-header-served', measurements: { httpStatus: 200 } });
  });

  it('skips stdio and the 2026-07-28 era', async () => {
    expect(await conformanceCase(legacyProtocolHeader, 'reference', 'stdio', '2025-11-25')).toMatchObject({
      status: 'skip',
      label: 'not-applicable-stdio',
    });
    expect(await conformanceCase(legacyProtocolHeader, 'reference', 'http', '2026-07-28')).toMatchObject({
      status: 'skip',
      label: 'era-modern',
    });
  });
});
