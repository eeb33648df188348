import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../record.js';
import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { payloadBounds } from './payload-bounds.js';

const base = { tool: 'echo', arguments: { message: 'hi' }, field: 'message', length: 1_000_000 };
/** payload-crash's echo carries no annotations: the case vouches for it, as a user would. */
const vouched = { ...base, read_only: true };

/** Neither the canary nor any run of the injected bytes (its 32-byte filler) may reach the record. */
function expectClean(record: CaseRecord): void {
  expectNoCanary(record);
  const text = JSON.stringify(record);
  expect(text).not.toContain('payload-bounds:');
  expect(text).not.toContain('0123456789abcdef');
}

describe.each(TRANSPORT_ERAS)('payload-bounds ($transport, $protocol)', ({ transport, protocol }) => {
  it('passes a server that handles a 1 MB argument', async () => {
    const record = await evaluateCheck(payloadBounds, { ...base, expect_handled: true }, 'reference', transport, { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'payload-accepted', tool: 'echo', measurements: { length: 1_000_000 } });
    expect(record.measurements.requestBytes).toBeGreaterThan(1_000_000);
    expectClean(record);
  });

  it('fails a server that crashes on it', async () => {
    const record = await evaluateCheck(payloadBounds, { ...vouched, expect_handled: false }, 'payload-crash', transport, {
      protocol,
      env: { FIXTURE_FLAW: 'crash' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'payload-unhandled' });
    expectClean(record);
  });

  it('fails a server that hangs on it', async () => {
    const record = await evaluateCheck(payloadBounds, { ...vouched, expect_handled: false }, 'payload-crash', transport, {
      protocol,
      timeoutMs: 1_500,
      env: { FIXTURE_FLAW: 'hang' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'payload-unhandled' });
    expectClean(record);
  });

  it('passes a clean JSON-RPC rejection, unless the case expects the payload handled', async () => {
    const env = { FIXTURE_FLAW: 'reject' };
    const honest = await evaluateCheck(payloadBounds, { ...vouched, expect_handled: false }, 'payload-crash', transport, { protocol, env });
    expect(honest).toMatchObject({ status: 'pass', label: 'payload-rejected', measurements: { jsonRpcCode: -32602 } });
    const strict = await evaluateCheck(payloadBounds, { ...vouched, expect_handled: true }, 'payload-crash', transport, { protocol, env });
    expect(strict).toMatchObject({ status: 'fail', label: 'payload-rejected' });
    expectClean(strict);
  });
});

describe.each(ERAS)('payload-bounds details (%s)', (protocol) => {
  it('injects exactly `length` bytes', async () => {
    // The fixture crashes when the arguments encode to more than 1,000 bytes; {"message":"…"} adds 14.
    const env = { FIXTURE_FLAW: 'crash', FIXTURE_MAX_BYTES: '1000' };
    const fits = await evaluateCheck(payloadBounds, { ...vouched, length: 986 }, 'payload-crash', 'stdio', { protocol, env });
    expect(fits).toMatchObject({ status: 'pass', label: 'payload-accepted' });
    const over = await evaluateCheck(payloadBounds, { ...vouched, length: 987 }, 'payload-crash', 'stdio', { protocol, env });
    expect(over).toMatchObject({ status: 'fail', label: 'payload-unhandled' });
  });

  it('fails a server that answers and then dies', async () => {
    const record = await evaluateCheck(payloadBounds, { ...vouched, expect_handled: false }, 'payload-crash', 'stdio', {
      protocol,
      env: { FIXTURE_FLAW: 'die-after' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'payload-unhandled', measurements: { answeredAfter: 0 } });
  });

  it('injects at a JSON Pointer inside a deep copy of the arguments', async () => {
    const params = {
      tool: 'echo',
      arguments: { message: 'hi', nested: { deep: 'x' } },
      field: '/nested/deep',
      length: 200_000,
      expect_handled: false,
      read_only: true,
    };
    const record = await evaluateCheck(payloadBounds, params, 'payload-crash', 'stdio', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'payload-unhandled' });
    expect(params.arguments.nested.deep).toBe('x');
  });

  it('sends nothing when the pointer names no place in the arguments', async () => {
    const params = { ...base, field: '/missing/deep', expect_handled: false };
    const record = await evaluateCheck(payloadBounds, params, 'reference', 'stdio', { protocol });
    expect(record).toMatchObject({ status: 'error', label: 'field-unaddressable' });
  });

  it('counts an HTTP 413 as a clean rejection', async () => {
    // The SDK's HTTP handler refuses bodies over 4 MiB with 413 before any JSON-RPC handling.
    const record = await evaluateCheck(payloadBounds, { ...base, length: 5 * 1024 * 1024, expect_handled: false }, 'reference', 'http', {
      protocol,
    });
    expect(record).toMatchObject({ status: 'pass', label: 'payload-rejected', measurements: { httpStatus: 413 } });
    expectClean(record);
  });
});
