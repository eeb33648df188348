import { everythingStdio } from '@mcp-eval/fixture-servers';
import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import { describe, expect, it } from 'vitest';

import { evaluateCheck, evaluateTarget } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { CANCELLED_RESULT_WINDOW_MS, cancellation, MAX_CANCEL_AFTER_MS, MAX_CANCELLED_RESULT_WINDOW_MS } from './cancellation.js';

// slow_read waits far past the cancellation; fault-flaws' tools answer (or die) 600 ms in.
const SLOW = { tool: 'slow_read', arguments: { ms: 30_000 } };

describe('cancellation', () => {
  it.each(TRANSPORT_ERAS)(
    'the reference server drops a cancelled slow_read and answers on ($transport, $protocol)',
    async ({ transport, protocol }) => {
      const before = runningChildren();
      const record = await evaluateCheck(cancellation, SLOW, 'reference', transport, { protocol });
      expect(record).toMatchObject({ status: 'pass', tool: 'slow_read' });
      expect(record.measurements).toMatchObject({ cancelAfterMs: 200, healthy: 1 });
      // stdio is watched for a late answer; HTTP has no stream left for one to arrive on.
      expect(record.measurements.watchedMs).toBe(CANCELLED_RESULT_WINDOW_MS);
      if (transport === 'stdio') expect(record.measurements.resultsAfterCancel).toBe(0);
      else expect(record.measurements.resultsAfterCancel).toBeUndefined();
      expectNoCanary(record);
      expect(await orphanedChildren(before)).toEqual([]);
    },
  );

  it('@modelcontextprotocol/server-everything sends no result for a cancelled long-running operation (stdio, legacy)', async () => {
    // The operation ends 1 s in, inside the 2 s watch: a result sent for it anyway would be seen.
    const params = { tool: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 }, watch_ms: 2_000 };
    const record = await evaluateTarget(cancellation, params, everythingStdio());
    expect(record).toMatchObject({ status: 'pass', measurements: { resultsAfterCancel: 0, healthy: 1, watchedMs: 2_000 } });
  });

  it.each(ERAS)('a server that answers the cancelled id anyway fails result-after-cancel (stdio, %s)', async (protocol) => {
    const record = await evaluateCheck(cancellation, { tool: 'late_read', arguments: { ms: 600 } }, 'fault-flaws', 'stdio', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'result-after-cancel', tool: 'late_read' });
    expect(record.measurements).toMatchObject({ resultsAfterCancel: 1, healthy: 1 });
    expectNoCanary(record);
  });

  it.each(TRANSPORT_ERAS)(
    'a server that dies of a cancellation fails unhealthy-after-cancel ($transport, $protocol)',
    async ({ transport, protocol }) => {
      const before = runningChildren();
      const record = await evaluateCheck(cancellation, { tool: 'fragile_read', arguments: { ms: 600 } }, 'fault-flaws', transport, {
        protocol,
      });
      expect(record).toMatchObject({ status: 'fail', label: 'unhealthy-after-cancel', measurements: { healthy: 0 } });
      expectNoCanary(record);
      expect(await orphanedChildren(before)).toEqual([]);
    },
  );

  it('a call that answers before the cancellation is answered-before-cancel, an error of the case', async () => {
    const record = await evaluateCheck(cancellation, { tool: 'echo', arguments: { message: 'hi' } }, 'reference', 'memory');
    expect(record).toMatchObject({ status: 'error', label: 'answered-before-cancel' });
  });

  it('a call that times out before the cancellation is failed-before-cancel', async () => {
    const record = await evaluateCheck(
      cancellation,
      { tool: 'never', read_only: true, arguments: {}, cancel_after_ms: 5_000 },
      'never-answers',
      'stdio',
      {
        timeoutMs: 500,
      },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'failed-before-cancel' });
  });

  it('sends nothing to a tool the gate keeps shut', async () => {
    const record = await evaluateCheck(cancellation, { tool: 'create_item', arguments: { id: 'x' } }, 'reference', 'memory');
    expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
  });
});

describe('cancellation in a manifest', () => {
  it('defaults and bounds its windows', () => {
    expect(parseCase(cancellation, 'probe: cancellation\ntool: slow_read\narguments: { ms: 5000 }')).toEqual({
      ok: true,
      params: { tool: 'slow_read', arguments: { ms: 5000 }, cancel_after_ms: 200, watch_ms: CANCELLED_RESULT_WINDOW_MS },
    });
    const at = (key: string, value: number): boolean =>
      parseCase(cancellation, `probe: cancellation\ntool: t\narguments: {}\n${key}: ${value}`).ok;
    expect(at('cancel_after_ms', MAX_CANCEL_AFTER_MS)).toBe(true);
    expect(at('cancel_after_ms', MAX_CANCEL_AFTER_MS + 1)).toBe(false);
    expect(at('watch_ms', MAX_CANCELLED_RESULT_WINDOW_MS)).toBe(true);
    expect(at('watch_ms', MAX_CANCELLED_RESULT_WINDOW_MS + 1)).toBe(false);
  });
});
