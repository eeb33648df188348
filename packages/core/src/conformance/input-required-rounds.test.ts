import { describe, expect, it } from 'vitest';

import { inputRequiredRounds } from './input-required-rounds.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('input-required-rounds', () => {
  it('passes capability-gated over HTTP: the round completes, and -32021 under 400 without elicitation', async () => {
    const record = await conformanceCase(inputRequiredRounds, 'capability-gated', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'input-rounds-honest', tool: 'ask_preference' });
    expect(record.measurements).toMatchObject({ jsonRpcCode: -32021, httpStatus: 400 });
  });

  it('passes capability-gated over stdio', async () => {
    const record = await conformanceCase(inputRequiredRounds, 'capability-gated', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'input-rounds-honest', measurements: { jsonRpcCode: -32021 } });
  });

  it.each(['stdio', 'http'] as const)(
    'passes a hand-rolled round whose requestState only survives a byte-exact echo (%s)',
    async (transport) => {
      const record = await conformanceCase(inputRequiredRounds, 'mrtr-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'none' });
      expect(record).toMatchObject({ status: 'pass', label: 'input-rounds-honest', measurements: { jsonRpcCode: -32021 } });
    },
  );

  it.each([
    ['shapeless', 'input-required-shape-invalid'],
    ['retry-rejected', 'retry-rejected'],
    ['capability-ignored', 'capability-not-enforced'],
    ['interim-cacheable', 'interim-result-cacheable'],
    ['retry-cacheable', 'retry-result-cacheable'],
  ] as const)('fails mrtr-flaws %s over stdio and HTTP', async (flaw, label) => {
    for (const transport of ['stdio', 'http'] as const) {
      const record = await conformanceCase(inputRequiredRounds, 'mrtr-flaws', transport, '2026-07-28', { FIXTURE_FLAW: flaw });
      expect(record).toMatchObject({ status: 'fail', label, tool: 'ask_preference' });
    }
  });

  it('fails a server that keeps asking after answered rounds (sloppy-modern ignores inputResponses)', async () => {
    const record = await conformanceCase(inputRequiredRounds, 'sloppy-modern', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'fail', label: 'rounds-exhausted', measurements: { rounds: 3 } });
  });

  it('skips the reference (no read-only tool asks for input) and the legacy era', async () => {
    const reference = await conformanceCase(inputRequiredRounds, 'reference', 'stdio', '2026-07-28');
    expect(reference).toMatchObject({ status: 'skip', label: 'no-input-request-found' });
    const legacy = await conformanceCase(inputRequiredRounds, 'capability-gated', 'memory', '2025-11-25');
    expect(legacy).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
