import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { conformanceCase } from './test-support/conformance-case.js';
import { unknownToolError } from './unknown-tool-error.js';

describe('unknown-tool-error', () => {
  it.each(ERAS)('passes the reference server on %s: -32602', async (protocol) => {
    const record = await conformanceCase(unknownToolError, 'reference', 'stdio', protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'unknown-tool-rejected', measurements: { jsonRpcCode: -32602 } });
  });

  it('fails a server answering an unknown tool with an isError result', async () => {
    const record = await conformanceCase(unknownToolError, 'sloppy-legacy', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'reported-as-tool-error' });
  });

  it('fails a server answering an unknown tool with method-not-found', async () => {
    const record = await conformanceCase(unknownToolError, 'sloppy-modern', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'wrong-error-code', measurements: { jsonRpcCode: -32601, httpStatus: 200 } });
  });
});
