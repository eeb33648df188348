import { afterAll, describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, CHANNEL_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { tempFiles } from '../test-support/temp-files.js';
import { errorHonesty } from './error-honesty.js';

const files = tempFiles();
afterAll(() => files.remove());

describe('error-honesty: honest errors pass', () => {
  it.each(CHANNEL_ERAS)(
    'a non-retryable tool error stays so through one confirmation ($transport, $protocol)',
    async ({ transport, protocol }) => {
      const params = { tool: 'get_item', arguments: { id: 'missing' }, expect_retryable: false };
      const record = await evaluateCheck(errorHonesty, params, 'reference', transport, { protocol });
      expect(record).toMatchObject({ status: 'pass', label: 'non-retryable-confirmed', tool: 'get_item' });
      expect(record.measurements).toMatchObject({ attempt: 2, maxAttempts: 3 });
      expect(record.measurements.jsonRpcCode).toBeUndefined();
      expectNoCanary(record);
    },
  );

  it.each(CHANNEL_ERAS)('a retryable error recovers on the second attempt ($transport, $protocol)', async ({ transport, protocol }) => {
    const params = { tool: 'flaky_read', arguments: { key: 'k1' }, expect_retryable: true };
    const record = await evaluateCheck(errorHonesty, params, 'reference', transport, { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'retryable-recovered' });
    expect(record.measurements).toMatchObject({ attempt: 2, maxAttempts: 3 });
    expectNoCanary(record);
  });

  it.each(ERAS)('a JSON-RPC error with data.code and data.retryable is read by default (http, %s)', async (protocol) => {
    const params = { tool: 'strict_lookup', arguments: { id: 'x' }, expect_retryable: false };
    const record = await evaluateCheck(errorHonesty, params, 'reference', 'http', { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'non-retryable-confirmed' });
    expect(record.measurements.jsonRpcCode).toBe(-32602);
    expectNoCanary(record);
  });

  it('pointers find a code and flag kept under other names', async () => {
    const base = { tool: 'custom_shape_error', read_only: true, arguments: { key: 'k' }, expect_retryable: false };
    const unpointed = await evaluateCheck(errorHonesty, base, 'flawed-dimensions', 'memory');
    expect(unpointed.label).toBe('no-error-code');
    const pointed = await evaluateCheck(
      errorHonesty,
      { ...base, error_code_pointer: '/structuredContent/reason', retryable_pointer: '/structuredContent/transient' },
      'flawed-dimensions',
      'stdio',
    );
    expect(pointed).toMatchObject({ status: 'pass', label: 'non-retryable-confirmed' });
    expectNoCanary(pointed);
  });

  it('pointers into a JSON-RPC error resolve against the error object', async () => {
    const base = { tool: 'strict_lookup', arguments: { id: 'x' }, expect_retryable: false };
    const pointed = await evaluateCheck(
      errorHonesty,
      { ...base, error_code_pointer: '/data/code', retryable_pointer: '/data/retryable' },
      'reference',
      'memory',
    );
    expect(pointed.label).toBe('non-retryable-confirmed');
    // A pointer to something that is not a boolean is no flag at all.
    const notAFlag = await evaluateCheck(errorHonesty, { ...base, retryable_pointer: '/data/code' }, 'reference', 'memory');
    expect(notAFlag).toMatchObject({ status: 'fail', label: 'no-retryable-flag' });
  });
});

describe('error-honesty: dishonest errors fail', () => {
  it.each(ERAS)('no error at all (in memory, %s)', async (protocol) => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'echo', arguments: { message: 'hi' }, expect_retryable: false },
      'reference',
      'memory',
      { protocol },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'no-initial-error' });
    expect(record.measurements.attempt).toBe(1);
    expectNoCanary(record);
  });

  it.each(ERAS)('an error without a code (in memory, %s)', async (protocol) => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'codeless_error', read_only: true, arguments: { key: 'k' }, expect_retryable: false },
      'flawed-dimensions',
      'memory',
      { protocol },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'no-error-code' });
    expectNoCanary(record);
  });

  it.each(ERAS)('an error without a retryable flag (http, %s)', async (protocol) => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'flagless_error', read_only: true, arguments: { key: 'k' }, expect_retryable: false },
      'flawed-dimensions',
      'http',
      { protocol },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'no-retryable-flag' });
    expectNoCanary(record);
  });

  it('a bare JSON-RPC error: its code counts as the stable code, but there is no flag', async () => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'bare_rpc_error', read_only: true, arguments: { key: 'k' }, expect_retryable: false },
      'flawed-dimensions',
      'memory',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'no-retryable-flag' });
    expect(record.measurements.jsonRpcCode).toBe(-32603);
  });

  it('a flag that contradicts the expectation', async () => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'get_item', arguments: { id: 'missing' }, expect_retryable: true },
      'reference',
      'http',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'retryable-mismatch' });
    expect(record.measurements).toMatchObject({ attempt: 1, retryable: 0 });
  });

  it.each(ERAS)(
    'a retryable error that never recovers: exactly max_attempts calls, the first included (in memory, %s)',
    async (protocol) => {
      const log = `stuck-${protocol}.log`;
      const params = { tool: 'stuck_retryable', read_only: true, arguments: { key: 'k' }, expect_retryable: true, max_attempts: 4 };
      const record = await evaluateCheck(errorHonesty, params, 'flawed-dimensions', 'memory', {
        protocol,
        env: { FIXTURE_CALL_LOG: files.path(log) },
      });
      expect(record).toMatchObject({ status: 'fail', label: 'did-not-recover' });
      expect(record.measurements).toMatchObject({ attempt: 4, maxAttempts: 4 });
      expect(files.calls(log)).toEqual(['stuck_retryable', 'stuck_retryable', 'stuck_retryable', 'stuck_retryable']);
      expectNoCanary(record);
    },
  );

  it('a non-retryable error whose code changes on retry', async () => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'shifting_error', read_only: true, arguments: { key: 'k' }, expect_retryable: false },
      'flawed-dimensions',
      'http',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'code-changed' });
    expect(record.measurements.attempt).toBe(2);
    expectNoCanary(record);
  });

  it('a non-retryable error that turns retryable on retry', async () => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'fickle_error', read_only: true, arguments: { key: 'k' }, expect_retryable: false },
      'flawed-dimensions',
      'memory',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'became-retryable' });
  });

  it.each(ERAS)('a "permanent" error that goes away on retry (http, %s)', async (protocol) => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'false_permanent', read_only: true, arguments: { key: 'k' }, expect_retryable: false },
      'flawed-dimensions',
      'http',
      { protocol },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'succeeded-on-retry' });
    expectNoCanary(record);
  });

  it('a call that never answers is a transport failure on attempt 1', async () => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'never', read_only: true, arguments: {}, expect_retryable: true },
      'never-answers',
      'stdio',
      { timeoutMs: 1_000 },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'transport-failure' });
    expect(record.measurements.attempt).toBe(1);
  });

  it('a server that crashes is a transport failure, not an evaluator error', async () => {
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'kill-self', read_only: true, arguments: {}, expect_retryable: false },
      'crash',
      'stdio',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'transport-failure' });
  });
});

describe('error-honesty in a manifest', () => {
  it('defaults max_attempts to 3 and rejects a budget with no room for a retry', () => {
    expect(parseCase(errorHonesty, 'dimension: error-honesty\ntool: get_item\narguments: { id: x }\nexpect_retryable: false')).toEqual({
      ok: true,
      params: { tool: 'get_item', arguments: { id: 'x' }, expect_retryable: false, max_attempts: 3 },
    });
    const one = parseCase(
      errorHonesty,
      'dimension: error-honesty\ntool: get_item\narguments: { id: x }\nexpect_retryable: true\nmax_attempts: 1',
    );
    expect(one.ok).toBe(false);
    expect(JSON.stringify(one)).toContain('max_attempts');
  });
});
