import { everythingStdio } from '@mcp-eval/fixture-servers';
import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import { afterAll, describe, expect, it } from 'vitest';

import { evaluateCheck, evaluateTarget } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { tempFiles } from '../test-support/temp-files.js';
import { DEFAULT_RECOVERY_BUDGET_MS, MAX_RECOVERY_BUDGET_MS, restartRecovery } from './restart-recovery.js';

const files = tempFiles();
afterAll(() => files.remove());

describe('restart-recovery', () => {
  it.each(ERAS)('the reference server answers get_item the same after a restart (stdio, %s)', async (protocol) => {
    const before = runningChildren();
    const record = await evaluateCheck(restartRecovery, { tool: 'get_item', arguments: { id: 'a' } }, 'reference', 'stdio', { protocol });
    expect(record).toMatchObject({ status: 'pass', tool: 'get_item' });
    expect(record.measurements).toMatchObject({ resultChanged: 0, recoveryBudgetMs: DEFAULT_RECOVERY_BUDGET_MS });
    expect(record.measurements.recoveryMs).toBeGreaterThan(0);
    expect(record.measurements.restartMs).toBeLessThanOrEqual(record.measurements.recoveryMs ?? 0);
    expectNoCanary(record);
    expect(await orphanedChildren(before)).toEqual([]);
  });

  it.each(ERAS)('a server whose answer lives in the process fails result-changed-after-restart (stdio, %s)', async (protocol) => {
    const before = runningChildren();
    const record = await evaluateCheck(restartRecovery, { tool: 'instance_read', arguments: {} }, 'fault-flaws', 'stdio', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'result-changed-after-restart', tool: 'instance_read' });
    expect(record.measurements).toMatchObject({ resultChanged: 1 });
    expectNoCanary(record);
    expect(await orphanedChildren(before)).toEqual([]);
  });

  it('@modelcontextprotocol/server-everything comes back with the same get-sum (stdio, legacy)', async () => {
    const before = runningChildren();
    const record = await evaluateTarget(restartRecovery, { tool: 'get-sum', arguments: { a: 1, b: 2 } }, everythingStdio());
    expect(record).toMatchObject({ status: 'pass', measurements: { resultChanged: 0 } });
    expect(await orphanedChildren(before)).toEqual([]);
  });

  it('with expect_same_result: false the lost state is measured, not failed', async () => {
    const params = { tool: 'instance_read', arguments: {}, expect_same_result: false };
    const record = await evaluateCheck(restartRecovery, params, 'fault-flaws', 'stdio');
    expect(record).toMatchObject({ status: 'pass', measurements: { resultChanged: 1 } });
  });

  it('a fresh process slower than the budget fails recovery-over-budget', async () => {
    const record = await evaluateCheck(
      restartRecovery,
      { tool: 'get_item', arguments: { id: 'a' }, max_recovery_ms: 1 },
      'reference',
      'stdio',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'recovery-over-budget', measurements: { recoveryBudgetMs: 1 } });
  });

  it('a call that fails before the restart is first-call-failed', async () => {
    const record = await evaluateCheck(restartRecovery, { tool: 'get_item', arguments: { id: 'missing' } }, 'reference', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'first-call-failed' });
  });

  it('a server that admits one process per lock file, kept by the run, fails restart-failed', async () => {
    // The run's own connection holds the single-instance lock, so no process of the probe starts.
    const env = { FIXTURE_SINGLE_INSTANCE: files.path('single-instance') };
    const record = await evaluateCheck(restartRecovery, { tool: 'get_item', arguments: { id: 'a' } }, 'flawed-dimensions', 'stdio', {
      env,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'restart-failed' });
  });

  it('skips over HTTP, where the server process is not ours to kill', async () => {
    const record = await evaluateCheck(restartRecovery, { tool: 'get_item', arguments: { id: 'a' } }, 'reference', 'http');
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-http' });
  });
});

describe('restart-recovery in a manifest', () => {
  it('bounds its budget', () => {
    const at = (ms: number): boolean =>
      parseCase(restartRecovery, `probe: restart-recovery\ntool: t\narguments: {}\nmax_recovery_ms: ${ms}`).ok;
    expect(at(MAX_RECOVERY_BUDGET_MS)).toBe(true);
    expect(at(MAX_RECOVERY_BUDGET_MS + 1)).toBe(false);
    expect(at(0)).toBe(false);
  });
});
