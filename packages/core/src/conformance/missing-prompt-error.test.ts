import { describe, expect, it } from 'vitest';

import { TRANSPORT_ERAS } from '../test-support/matrix.js';
import { missingPromptError } from './missing-prompt-error.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('missing-prompt-error', () => {
  it.each(TRANSPORT_ERAS)('passes the reference server over $transport on $protocol: -32602 twice', async ({ transport, protocol }) => {
    const record = await conformanceCase(missingPromptError, 'reference', transport, protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'missing-prompt-rejected', measurements: { probes: 2 } });
    expect(record.findings).toEqual([
      { label: 'unknown-prompt-rejected', measurements: expect.objectContaining({ jsonRpcCode: -32602 }) },
      { label: 'missing-arguments-rejected', measurements: expect.objectContaining({ jsonRpcCode: -32602 }) },
    ]);
  });

  it.each(['2026-07-28', '2025-11-25'] as const)('fails a server that serves a prompt it does not list (%s)', async (protocol) => {
    const record = await conformanceCase(missingPromptError, 'should-flaws', 'http', protocol, { FIXTURE_FLAW: 'prompt-served' });
    expect(record).toMatchObject({ status: 'fail', label: 'unknown-prompt-served' });
    expect(record.findings?.map((f) => f.label)).toEqual(['unknown-prompt-served', 'missing-arguments-rejected']);
  });

  it('passes the same server without the flaw over stdio', async () => {
    const record = await conformanceCase(missingPromptError, 'should-flaws', 'stdio', '2025-11-25', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'missing-prompt-rejected', measurements: { probes: 2 } });
  });

  it('skips a server that declares no prompts', async () => {
    const record = await conformanceCase(missingPromptError, 'catalog', 'stdio', 'auto', { FIXTURE_TOOLS: '3' });
    expect(record).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });
});
