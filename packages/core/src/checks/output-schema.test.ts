import { describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { outputSchema } from './output-schema.js';

const add = { tool: 'add', arguments: { a: 2, b: 3 } };

describe.each(ERAS)('output-schema (%s)', (protocol) => {
  it('passes a tool whose structuredContent covers its required fields', async () => {
    const record = await evaluateCheck(outputSchema, add, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({
      status: 'pass',
      label: 'output-covered',
      tool: 'add',
      measurements: { requiredFields: 1, missingFields: 0 },
    });
    expect(record.findings).toEqual([
      {
        label: 'output-covered',
        tool: 'add',
        measurements: expect.objectContaining({ requiredFields: 1, presentFields: 1, missingFields: 0 }),
      },
    ]);
    expectNoCanary(record);
  });

  it('skips, never passes, a tool without outputSchema: there is nothing to cover', async () => {
    const record = await evaluateCheck(outputSchema, { tool: 'echo', arguments: { message: 'hi' } }, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'skip', label: 'no-output-schema', tool: 'echo' });
  });

  it('fails missing required fields by count, never by name', async () => {
    // missing-output's tools carry no annotations: the case vouches for them, as a user would.
    const record = await evaluateCheck(outputSchema, { ...add, read_only: true }, 'missing-output', 'stdio', { protocol });
    expect(record).toMatchObject({
      status: 'fail',
      label: 'required-fields-missing',
      measurements: { requiredFields: 2, presentFields: 1, missingFields: 1 },
    });
    expect(JSON.stringify(record)).not.toContain('note');
    expectNoCanary(record);
  });

  it('fails a declared outputSchema with no structuredContent', async () => {
    const record = await evaluateCheck(outputSchema, { tool: 'summary', arguments: {}, read_only: true }, 'missing-output', 'stdio', {
      protocol,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'structured-content-missing' });
  });

  it('cannot check a tool the server does not list', async () => {
    const record = await evaluateCheck(outputSchema, { tool: 'nope', arguments: {} }, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'error', label: 'tool-not-listed' });
  });
});
