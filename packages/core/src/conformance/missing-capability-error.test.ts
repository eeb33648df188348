import { describe, expect, it } from 'vitest';

import { missingCapabilityError } from './missing-capability-error.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('missing-capability-error', () => {
  it.each(['stdio', 'http'] as const)(
    'passes a read-only tool that needs elicitation and answers -32021 when it is not declared (%s)',
    async (transport) => {
      const record = await conformanceCase(missingCapabilityError, 'capability-gated', transport, '2026-07-28');
      expect(record).toMatchObject({
        status: 'pass',
        label: 'capability-error-honest',
        tool: 'ask_preference',
        measurements: { jsonRpcCode: -32021, candidates: 1, ...(transport === 'http' ? { httpStatus: 400 } : {}) },
      });
    },
  );

  it('skips the reference server: none of its read-only tools needs a client capability, and no other tool is called', async () => {
    const record = await conformanceCase(missingCapabilityError, 'reference', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'no-capability-requirement-found', measurements: { candidates: 7 } });
  });

  it('fails a tool that asks for elicitation from a client that never declared it', async () => {
    const record = await conformanceCase(missingCapabilityError, 'sloppy-modern', 'stdio');
    expect(record).toMatchObject({
      status: 'fail',
      label: 'input-requested-without-capability',
      tool: 'ask_preference',
      measurements: { candidates: 2 },
    });
  });

  it('skips a legacy connection', async () => {
    const record = await conformanceCase(missingCapabilityError, 'capability-gated', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
