import { afterAll, describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { tempFiles } from '../test-support/temp-files.js';
import { stateRecovery } from './state-recovery.js';
import type { StateRecoveryParams } from './state-recovery.js';

const files = tempFiles();
afterAll(() => files.remove());

/** The reference plan: `fresh` is missing, create it, then it reads back. */
function createPlan(id: string): StateRecoveryParams {
  return {
    failure: { tool: 'get_item', arguments: { id } },
    recovery: { tool: 'create_item', arguments: { id, value: 'v' }, mutating: true },
    validation: { tool: 'get_item', arguments: { id } },
  };
}

let logs = 0;
function nextLog(): string {
  logs += 1;
  return `calls-${logs}.log`;
}

describe('state-recovery: the mutation gate', () => {
  it.each(TRANSPORT_ERAS)(
    'without --allow-mutation, skips and sends no call at all ($transport, $protocol)',
    async ({ transport, protocol }) => {
      const log = nextLog();
      const record = await evaluateCheck(stateRecovery, createPlan('fresh'), 'reference', transport, {
        protocol,
        env: { FIXTURE_CALL_LOG: files.path(log) },
      });
      expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed', tool: 'create_item' });
      expect(record.measurements.mutatingSteps).toBe(1);
      expect(files.calls(log)).toEqual([]);
    },
  );

  it('a mutating step anywhere in the plan gates the whole case', async () => {
    const log = nextLog();
    const plan: StateRecoveryParams = {
      failure: { tool: 'get_item', arguments: { id: 'fresh' } },
      recovery: { tool: 'echo', arguments: { message: 'hi' } },
      validation: { tool: 'delete_item', arguments: { id: 'fresh' }, mutating: true },
    };
    const record = await evaluateCheck(stateRecovery, plan, 'reference', 'stdio', { env: { FIXTURE_CALL_LOG: files.path(log) } });
    expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
    expect(files.calls(log)).toEqual([]);
  });

  it('a plan without mutating steps runs without --allow-mutation', async () => {
    const log = nextLog();
    const plan: StateRecoveryParams = {
      failure: { tool: 'flaky_read', arguments: { key: 'k' } },
      recovery: { tool: 'flaky_read', arguments: { key: 'k' } },
      validation: { tool: 'get_item', arguments: { id: 'a' } },
    };
    const record = await evaluateCheck(stateRecovery, plan, 'reference', 'stdio', { env: { FIXTURE_CALL_LOG: files.path(log) } });
    expect(record).toMatchObject({ status: 'pass' });
    expect(files.calls(log)).toEqual(['flaky_read', 'flaky_read', 'get_item']);
  });
});

describe('state-recovery: with --allow-mutation', () => {
  it.each(TRANSPORT_ERAS)(
    'the reference server recovers, and the whole sequence runs in order ($transport, $protocol)',
    async ({ transport, protocol }) => {
      const log = nextLog();
      const record = await evaluateCheck(stateRecovery, createPlan('fresh'), 'reference', transport, {
        protocol,
        allowMutation: true,
        env: { FIXTURE_CALL_LOG: files.path(log) },
      });
      expect(record).toMatchObject({ status: 'pass', tool: 'create_item' });
      expect(record.measurements).toMatchObject({ steps: 3, mutatingSteps: 1 });
      expect(files.calls(log)).toEqual(['get_item', 'create_item', 'get_item']);
      expectNoCanary(record);
    },
  );

  it.each(ERAS)('a recovery that reports success without restoring state fails validation (stdio, %s)', async (protocol) => {
    const plan: StateRecoveryParams = {
      failure: { tool: 'get_item', arguments: { id: 'zz' } },
      recovery: { tool: 'forgetful_create', arguments: { id: 'zz' }, mutating: true },
      validation: { tool: 'get_item', arguments: { id: 'zz' } },
    };
    const record = await evaluateCheck(stateRecovery, plan, 'flawed-dimensions', 'stdio', { protocol, allowMutation: true });
    expect(record).toMatchObject({ status: 'fail', label: 'validation-failed', tool: 'get_item' });
    expect(record.measurements.step).toBe(3);
    expectNoCanary(record);
  });

  it('validation fails over HTTP too', async () => {
    const plan: StateRecoveryParams = {
      failure: { tool: 'get_item', arguments: { id: 'zz' } },
      recovery: { tool: 'forgetful_create', arguments: { id: 'zz' }, mutating: true },
      validation: { tool: 'get_item', arguments: { id: 'zz' } },
    };
    const record = await evaluateCheck(stateRecovery, plan, 'flawed-dimensions', 'http', { allowMutation: true });
    expect(record).toMatchObject({ status: 'fail', label: 'validation-failed' });
  });

  it('a failure that does not fail stops before recovery', async () => {
    const log = nextLog();
    const record = await evaluateCheck(stateRecovery, createPlan('a'), 'reference', 'http', {
      allowMutation: true,
      env: { FIXTURE_CALL_LOG: files.path(log) },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'failure-not-observed', tool: 'get_item' });
    expect(record.measurements.step).toBe(1);
    expect(files.calls(log)).toEqual(['get_item']);
  });

  it('a recovery that fails with a tool error', async () => {
    const plan: StateRecoveryParams = {
      failure: { tool: 'get_item', arguments: { id: 'zz' } },
      recovery: { tool: 'codeless_error', arguments: { key: 'k' }, mutating: true },
      validation: { tool: 'get_item', arguments: { id: 'zz' } },
    };
    const record = await evaluateCheck(stateRecovery, plan, 'flawed-dimensions', 'stdio', { allowMutation: true });
    expect(record).toMatchObject({ status: 'fail', label: 'recovery-failed', tool: 'codeless_error' });
    expect(record.measurements.step).toBe(2);
    expectNoCanary(record);
  });

  it('a recovery that fails with a JSON-RPC error keeps its code', async () => {
    const plan: StateRecoveryParams = {
      failure: { tool: 'get_item', arguments: { id: 'zz' } },
      recovery: { tool: 'strict_lookup', arguments: { id: 'zz' } },
      validation: { tool: 'get_item', arguments: { id: 'zz' } },
    };
    const record = await evaluateCheck(stateRecovery, plan, 'reference', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'recovery-failed' });
    expect(record.measurements).toMatchObject({ step: 2, jsonRpcCode: -32602 });
  });

  it('a call that never answers is a transport failure at its step', async () => {
    const plan: StateRecoveryParams = {
      failure: { tool: 'never', arguments: {} },
      recovery: { tool: 'never', arguments: {} },
      validation: { tool: 'never', arguments: {} },
      read_only: true,
    };
    const record = await evaluateCheck(stateRecovery, plan, 'never-answers', 'stdio', { timeoutMs: 1_000 });
    expect(record).toMatchObject({ status: 'fail', label: 'transport-failure', tool: 'never' });
    expect(record.measurements.step).toBe(1);
  });
});

describe('state-recovery in a manifest', () => {
  it('defaults mutating to false per step and rejects a misspelled step key', () => {
    const parsed = parseCase(
      stateRecovery,
      'dimension: state-recovery\nfailure: { tool: get_item, arguments: { id: a } }\nrecovery: { tool: create_item, arguments: { id: a }, mutating: true }\nvalidation: { tool: get_item, arguments: { id: a } }',
    );
    expect(parsed).toEqual({
      ok: true,
      params: {
        failure: { tool: 'get_item', arguments: { id: 'a' }, mutating: false },
        recovery: { tool: 'create_item', arguments: { id: 'a' }, mutating: true },
        validation: { tool: 'get_item', arguments: { id: 'a' }, mutating: false },
      },
    });
    // A typo must not silently turn a mutating step into a non-mutating one.
    const typo = parseCase(
      stateRecovery,
      'dimension: state-recovery\nfailure: { tool: a, arguments: {} }\nrecovery: { tool: b, arguments: {}, mutatin: true }\nvalidation: { tool: c, arguments: {} }',
    );
    expect(typo.ok).toBe(false);
    expect(JSON.stringify(typo)).toContain('mutatin');
  });
});
