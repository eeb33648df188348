import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { httpPostAnswers } from './http-post-answers.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('http-post-answers', () => {
  it.each(ERAS)('passes the reference server over HTTP on %s: 202 with no body, then JSON or SSE', async (protocol) => {
    const record = await conformanceCase(httpPostAnswers, 'reference', 'http', protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'post-answers-conformant', measurements: { probes: 2 } });
    expect(record.findings).toEqual([
      { label: 'notification-accepted', measurements: { httpStatus: 202, responseBytes: 0 } },
      { label: 'request-answered', measurements: { httpStatus: 200 } },
    ]);
  });

  it('fails sloppy-legacy, which answers a notification 200 with a body', async () => {
    const record = await conformanceCase(httpPostAnswers, 'sloppy-legacy', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'notification-wrong-status' });
    expect(record.findings?.[0]).toMatchObject({ label: 'notification-wrong-status', measurements: { httpStatus: 200 } });
  });

  it('fails a request answered text/plain', async () => {
    const record = await conformanceCase(httpPostAnswers, 'sloppy-legacy', 'http', 'auto', { SLOPPY_PING_TYPE: 'text/plain' });
    expect(record.findings?.[1]).toMatchObject({ label: 'request-wrong-content-type' });
  });

  it('skips stdio', async () => {
    expect(await conformanceCase(httpPostAnswers, 'reference', 'stdio')).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
  });
});
