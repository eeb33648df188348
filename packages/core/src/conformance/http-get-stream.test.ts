import { startEverythingHttp } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';
import { httpGetStream } from './http-get-stream.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('http-get-stream', () => {
  it('passes the reference server over HTTP on 2025-11-25: its session offers an SSE stream', async () => {
    const record = await conformanceCase(httpGetStream, 'reference', 'http', '2025-11-25');
    expect(record).toMatchObject({ status: 'pass', label: 'get-stream-offered', measurements: { httpStatus: 200 } });
  });

  it('passes server-everything over HTTP (legacy)', async () => {
    const server = await startEverythingHttp();
    try {
      const record = await evaluateTarget(httpGetStream, {}, { transport: 'http', url: server.url });
      expect(record).toMatchObject({ status: 'pass' });
      expect(['get-stream-offered', 'get-not-allowed']).toContain(record.label);
    } finally {
      await server.close();
    }
  });

  it('fails sloppy-legacy, which answers a GET 200 application/json', async () => {
    const record = await conformanceCase(httpGetStream, 'sloppy-legacy', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'get-wrong-content-type', measurements: { httpStatus: 200 } });
  });

  it('skips 2026-07-28 and stdio', async () => {
    expect(await conformanceCase(httpGetStream, 'reference', 'http', '2026-07-28')).toMatchObject({ status: 'skip', label: 'era-modern' });
    expect(await conformanceCase(httpGetStream, 'reference', 'stdio', '2025-11-25')).toMatchObject({
      status: 'skip',
      label: 'not-applicable-stdio',
    });
  });
});
