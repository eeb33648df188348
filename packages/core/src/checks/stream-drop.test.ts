import { FAILURE_KINDS } from '@mcp-eval/protocol';
import { startEverythingHttp } from '@mcp-eval/fixture-servers';
import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import { describe, expect, it } from 'vitest';

import { evaluateCheck, evaluateTarget } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { MAX_DROP_AFTER_MESSAGES, streamDrop } from './stream-drop.js';

// 10 progress notifications 100 ms apart: a second of streaming, dropped after the first.
const STREAMING = { tool: 'stream_read', arguments: { steps: 10, interval_ms: 100 } };

describe('stream-drop', () => {
  it.each(ERAS)('a server that copes answers the re-issued request and serves on (HTTP, %s)', async (protocol) => {
    const before = runningChildren();
    const record = await evaluateCheck(streamDrop, STREAMING, 'streaming', 'http', { protocol });
    expect(record).toMatchObject({ status: 'pass', tool: 'stream_read' });
    expect(record.measurements).toMatchObject({ dropAfter: 1, notificationsBeforeDrop: 1, healthy: 1 });
    // The re-issue streams its whole second: the recovery time is the full answer's, not the drop's.
    expect(record.measurements.recoveryMs).toBeGreaterThanOrEqual(900);
    expect(record.measurements.dropLatencyMs).toBeLessThan(record.measurements.recoveryMs ?? 0);
    expectNoCanary(record);
    expect(await orphanedChildren(before)).toEqual([]);
  });

  it('@modelcontextprotocol/server-everything answers a re-issued long-running operation (HTTP, legacy)', async () => {
    const server = await startEverythingHttp();
    try {
      // Five progress steps over one second: dropped after the first, re-issued to the end.
      const params = { tool: 'trigger-long-running-operation', arguments: { duration: 1, steps: 5 } };
      const record = await evaluateTarget(streamDrop, params, { transport: 'http', url: server.url });
      expect(record).toMatchObject({ status: 'pass', measurements: { notificationsBeforeDrop: 1, healthy: 1 } });
      expect(record.measurements.recoveryMs).toBeGreaterThanOrEqual(900);
    } finally {
      await server.close();
    }
  });

  it('drops after as many notifications as drop_after says', async () => {
    const record = await evaluateCheck(streamDrop, { ...STREAMING, drop_after: 3 }, 'streaming', 'http', { protocol: '2026-07-28' });
    expect(record).toMatchObject({ status: 'pass', measurements: { dropAfter: 3, notificationsBeforeDrop: 3 } });
  });

  it.each(ERAS)('a server that dies of a dropped stream fails reissue-crashed (HTTP, %s)', async (protocol) => {
    const before = runningChildren();
    const record = await evaluateCheck(streamDrop, { tool: 'fragile_read', arguments: { ms: 2_000 } }, 'fault-flaws', 'http', { protocol });
    expect(record).toMatchObject({
      status: 'fail',
      label: 'reissue-crashed',
      tool: 'fragile_read',
      measurements: { notificationsBeforeDrop: 1 },
    });
    expectNoCanary(record);
    expect(await orphanedChildren(before)).toEqual([]);
  });

  it('an answer that does not stream is answered-before-drop, an error of the case', async () => {
    const record = await evaluateCheck(streamDrop, { tool: 'echo', arguments: { message: 'hi' } }, 'reference', 'http');
    expect(record).toMatchObject({ status: 'error', label: 'answered-before-drop', measurements: { notificationsBeforeDrop: 0 } });
  });

  it('a stream that stalls before the drop is failed-before-drop', async () => {
    const record = await evaluateCheck(
      streamDrop,
      { tool: 'stall-stream', read_only: true, arguments: {}, drop_after: 2 },
      'never-answers',
      'http',
      {
        timeoutMs: 500,
      },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'failed-before-drop', measurements: { notificationsBeforeDrop: 1 } });
  });

  it('skips stdio, which has no per-request stream to drop', async () => {
    const record = await evaluateCheck(streamDrop, STREAMING, 'streaming', 'memory');
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
  });

  it('has a label for every failure kind of the re-issue', () => {
    for (const kind of FAILURE_KINDS) expect(streamDrop.labels).toHaveProperty(`reissue-${kind}`);
  });
});

describe('stream-drop in a manifest', () => {
  it('bounds drop_after', () => {
    const at = (n: number): boolean => parseCase(streamDrop, `probe: stream-drop\ntool: t\narguments: {}\ndrop_after: ${n}`).ok;
    expect(at(MAX_DROP_AFTER_MESSAGES)).toBe(true);
    expect(at(MAX_DROP_AFTER_MESSAGES + 1)).toBe(false);
    expect(at(0)).toBe(false);
  });
});
