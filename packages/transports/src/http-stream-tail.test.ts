import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { afterEach, describe, expect, it } from 'vitest';

import type { WireConnection } from './connection.js';
import { SSE_TAIL_MS } from './http-response-reader.js';
import { callTool, OpenConnections, outcomeOf, structured } from './test-support/connect.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

/** Polls until `done` holds; the bound is generous (a loaded machine), the test asserts what, not when. */
async function eventually(done: () => Promise<boolean> | boolean, attempts = 200): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** SSE frames on the stream that carried the call's answer, after that answer. */
function framesAfterAnswer(connection: WireConnection): number {
  const frames = connection.wireLog().frames.filter((frame) => frame.direction === 'received' && frame.source === 'sse');
  const answerAt = frames.findIndex((frame) => {
    const value = frame.value as { id?: unknown; result?: unknown } | undefined;
    return value?.result !== undefined && frame.streamRequestKey !== undefined;
  });
  return answerAt < 0 ? 0 : frames.filter((frame, index) => index > answerAt && frame.stream === frames[answerAt]?.stream).length;
}

describe('the rest of an answered SSE stream', () => {
  it.each(['2026-07-28', '2025-11-25'] as const)('is read into the wire log after the call has its answer (%s)', async (protocol) => {
    const server = await startHttpFixture('wire-flaws', { FIXTURE_FLAW: 'progress-after-answer' });
    connections.defer(() => server.close());
    const connection = await connections.connect({ transport: 'http', url: server.url }, { protocol });
    const call = await connection.request('tools/call', { name: 'echo', arguments: { message: 'hi' } }, { meta: { progressToken: 't' } });
    expect(outcomeOf(call)).toBe('result');
    // The progress after the answer was written in its own chunk: the log holds it once it is read.
    expect(await eventually(() => framesAfterAnswer(connection) === 1)).toBe(true);
  });

  it('is cut once SSE_TAIL_MS has passed on a stream held open after its answer, and the connection serves on', async () => {
    const server = await startHttpFixture('never-answers');
    connections.defer(() => server.close());
    const connection = await connections.connect({ transport: 'http', url: server.url }, { protocol: '2026-07-28' });
    const held = await callTool(connection, 'answer-then-hold');
    expect(structured(held)).toEqual({ held: true });
    const closed = async (): Promise<number> =>
      (structured(await callTool(connection, 'cancellations')) as { closedStreams: number }).closedStreams;
    // SSE_TAIL_MS is 1 s; the poll allows ten times that for a loaded machine.
    expect(await eventually(async () => (await closed()) === 1, (SSE_TAIL_MS * 10) / 50)).toBe(true);
  });
});
