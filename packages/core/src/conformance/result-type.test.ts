import { describe, expect, it } from 'vitest';

import { resultType } from './result-type.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('result-type', () => {
  it.each(['stdio', 'http'] as const)(
    'passes the reference server over %s, including a prompt, a read and a read-only tool call',
    async (transport) => {
      const record = await conformanceCase(resultType, 'reference', transport, '2026-07-28');
      expect(record).toMatchObject({ status: 'pass', label: 'result-type-present', measurements: { results: 11, defects: 0 } });
    },
  );

  it('skips a legacy server, for which an absent resultType means complete', async () => {
    const record = await conformanceCase(resultType, 'reference', 'http', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });

  it('fails a modern server that omits resultType, and names a read-only call answered with an unknown one', async () => {
    const record = await conformanceCase(resultType, 'sloppy-modern', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'tools-result-type-missing' });
    expect(record.findings?.map((f) => f.label)).toEqual(['tools-result-type-missing', 'tool-call-result-type-unknown']);
  });

  it('skips, never passes or fails on what it could not read, when declared lists answer errors', async () => {
    const record = await conformanceCase(resultType, 'unreadable-lists', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'surface-unreadable', measurements: { defects: 0, unreadable: 2 } });
    expect(record.findings?.map((f) => f.label)).toEqual(['tools-unreadable', 'prompts-unreadable']);
  });
});
