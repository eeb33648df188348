import { startEverythingHttp } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { evaluateTarget } from '../test-support/evaluate-check.js';
import { originValidation } from './origin-validation.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('origin-validation', () => {
  it.each(ERAS)('passes the reference server over HTTP on %s: 403', async (protocol) => {
    const record = await conformanceCase(originValidation, 'reference', 'http', protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'foreign-origin-refused', measurements: { httpStatus: 403 } });
  });

  it.each(['sloppy-modern', 'sloppy-legacy'] as const)('fails %s, which serves any Origin with 200', async (fixture) => {
    const record = await conformanceCase(originValidation, fixture, 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'foreign-origin-served', measurements: { httpStatus: 200 } });
  });

  it('fails server-everything over HTTP, which answers a foreign Origin with 200', async () => {
    const server = await startEverythingHttp();
    try {
      const record = await evaluateTarget(originValidation, {}, { transport: 'http', url: server.url });
      expect(record).toMatchObject({ status: 'fail', label: 'foreign-origin-served', measurements: { httpStatus: 200 } });
    } finally {
      await server.close();
    }
  });

  it('skips stdio', async () => {
    const record = await conformanceCase(originValidation, 'reference', 'stdio');
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
  });
});
