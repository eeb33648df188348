import { describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { instructionFidelity } from './instruction-fidelity.js';

const addFive = { tool: 'add', arguments: { a: 2, b: 3 }, expect: { fields: ['sum'], values: { '/sum': 5 } } };
const notFound = { tool: 'strict_lookup', arguments: { id: 'zzz' }, expect: { error_code: 'not_found' } };

describe.each(ERAS)('instruction-fidelity (%s)', (protocol) => {
  it('passes fields and exact values addressed by name and by JSON Pointer', async () => {
    const record = await evaluateCheck(instructionFidelity, addFive, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'expectation-met', tool: 'add' });
    expectNoCanary(record);
  });

  it('passes the declared stable error code', async () => {
    const record = await evaluateCheck(instructionFidelity, notFound, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'expectation-met', measurements: { jsonRpcCode: -32602 } });
  });

  it("passes values read from a tool result's structuredContent", async () => {
    const params = { tool: 'get_item', arguments: { id: 'a' }, expect: { values: { id: 'a', '/value': 'alpha' } } };
    const record = await evaluateCheck(instructionFidelity, params, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'pass' });
  });

  it('fails a wrong value by its address and a label, never by the value', async () => {
    const params = { tool: 'add', arguments: { a: 4000, b: 321 }, expect: { values: { '/sum': 4321 } } };
    const record = await evaluateCheck(instructionFidelity, params, 'unfaithful', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'value-mismatch' });
    expect(record.findings).toEqual([{ label: 'value-mismatch', pointer: '/sum' }]);
    // The server answered 4322; neither that nor its text reaches the record.
    expect(JSON.stringify(record)).not.toContain('4322');
    expectNoCanary(record);
  });

  it('fails a different error code', async () => {
    const record = await evaluateCheck(instructionFidelity, notFound, 'unfaithful', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'error-code-mismatch' });
    expect(JSON.stringify(record)).not.toContain('missing');
  });

  it('reports every missing address', async () => {
    const params = { tool: 'add', arguments: { a: 2, b: 3 }, expect: { fields: ['/difference', 'sum', 'product'] } };
    const record = await evaluateCheck(instructionFidelity, params, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'field-missing', measurements: { mismatches: 2 } });
    expect(record.findings).toEqual([
      { label: 'field-missing', pointer: '/difference' },
      { label: 'field-missing', pointer: 'product' },
    ]);
  });

  it('fails a success where an error was expected, and an error where none was', async () => {
    const expectedError = await evaluateCheck(
      instructionFidelity,
      { ...addFive, expect: { error_code: 'not_found' } },
      'reference',
      'memory',
      { protocol },
    );
    expect(expectedError).toMatchObject({ status: 'fail', label: 'error-expected' });
    const unexpected = await evaluateCheck(instructionFidelity, { ...notFound, expect: { fields: ['id'] } }, 'reference', 'memory', {
      protocol,
    });
    expect(unexpected).toMatchObject({ status: 'fail', label: 'unexpected-error', findings: [{ label: 'unexpected-error' }] });
  });

  it('fails a result with no machine-readable outcome', async () => {
    const params = { tool: 'echo', arguments: { message: 'not json' }, expect: { fields: ['message'] } };
    const record = await evaluateCheck(instructionFidelity, params, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'no-machine-outcome' });
  });
});
