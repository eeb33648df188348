import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { WIRE_LOG_MAX_BYTES, WIRE_LOG_MAX_FRAMES, isJsonObject, type WireFrame } from '@mcp-eval/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import { DEFAULT_OPTIONS } from './target.js';
import { callTool, OpenConnections, outcomeOf, stdioTarget } from './test-support/connect.js';
import { Utf8Watch } from './wire-recorder.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

function methodOf(frame: WireFrame): unknown {
  return isJsonObject(frame.value) ? frame.value.method : undefined;
}

function idOf(frame: WireFrame): unknown {
  return isJsonObject(frame.value) ? frame.value.id : undefined;
}

/** Where the answer to the request sent with `id` sits: after the request, in the log's order. */
function answeredAfterSent(frames: readonly WireFrame[], id: number): boolean {
  const sent = frames.findIndex((frame) => frame.direction === 'sent' && idOf(frame) === id && methodOf(frame) !== undefined);
  const answer = frames.findIndex((frame) => frame.direction === 'received' && idOf(frame) === id);
  return sent !== -1 && answer > sent;
}

async function streamingTarget() {
  const server = await startHttpFixture('streaming');
  connections.defer(() => server.close());
  return { transport: 'http' as const, url: server.url };
}

describe('the wire log over stdio', () => {
  it('keeps every line both ways in order: requests, answers, non-JSON lines as undefined, invalid UTF-8 flagged', async () => {
    const connection = await connections.connect(stdioTarget('garbage-lines'));
    expect(outcomeOf(await callTool(connection, 'echo', { message: 'one' }))).toBe('result');
    const { frames, truncated } = connection.wireLog();
    expect(truncated).toBe(false);
    expect(frames.every((frame) => frame.stream === 0 && frame.streamMethod === undefined && frame.eventId === undefined)).toBe(true);
    const sent = frames.filter((frame) => frame.direction === 'sent');
    expect(sent.every((frame) => frame.source === 'stdin' && frame.utf8)).toBe(true);
    expect(sent.map(methodOf)).toEqual(['server/discover', 'tools/call']);
    expect(frames.filter((frame) => frame.direction === 'received').every((frame) => frame.source === 'stdout')).toBe(true);
    for (const frame of sent) expect(answeredAfterSent(frames, idOf(frame) as number)).toBe(true);
    // The banner, whose last bytes are not UTF-8; the other junk lines are valid text or JSON.
    const banner = frames.find((frame) => !frame.utf8);
    expect(banner).toMatchObject({ direction: 'received', value: undefined });
    expect(frames.filter((frame) => !frame.utf8)).toHaveLength(1);
    const nonJson = frames.filter((frame) => frame.direction === 'received' && frame.value === undefined);
    expect(nonJson.length).toBeGreaterThanOrEqual(3);
    // A frame counts the line's bytes without its newline; a request's is the line as written.
    expect(sent[0]?.bytes).toBe(Buffer.byteLength(`${JSON.stringify(sent[0]?.value)}\n`));
  });

  it('stops at the frame bound and says so', async () => {
    const connection = await connections.connect(stdioTarget('garbage-lines'), { maxWireFrames: 5 });
    expect(outcomeOf(await callTool(connection, 'echo', { message: 'one' }))).toBe('result');
    const log = connection.wireLog();
    expect(log.frames).toHaveLength(5);
    expect(log.truncated).toBe(true);
  });

  it('stops at the byte bound, keeping the frame that crossed it without its value', async () => {
    const maxWireBytes = 400;
    const connection = await connections.connect(stdioTarget('garbage-lines'), { maxWireBytes });
    expect(outcomeOf(await callTool(connection, 'echo', { message: 'x'.repeat(500) }))).toBe('result');
    const log = connection.wireLog();
    expect(log.truncated).toBe(true);
    const last = log.frames.at(-1);
    expect(last).toMatchObject({ value: undefined, oversized: true });
    const kept = log.frames.slice(0, -1).reduce((sum, frame) => sum + frame.bytes, 0);
    expect(kept).toBeLessThanOrEqual(maxWireBytes);
    expect(kept + (last?.bytes ?? 0)).toBeGreaterThan(maxWireBytes);
  });

  it('defaults to the protocol bounds', () => {
    expect(DEFAULT_OPTIONS.maxWireFrames).toBe(WIRE_LOG_MAX_FRAMES);
    expect(DEFAULT_OPTIONS.maxWireBytes).toBe(WIRE_LOG_MAX_BYTES);
  });
});

describe('the wire log over HTTP', () => {
  it('numbers response streams in order and keeps each SSE event of a request’s stream, tied to the request', async () => {
    const connection = await connections.connect(await streamingTarget(), { protocol: '2025-11-25' });
    const streamed = await connection.request(
      'tools/call',
      { name: 'stream_read', arguments: { steps: 2, interval_ms: 10 } },
      { meta: { progressToken: 'wire' } },
    );
    expect(outcomeOf(streamed)).toBe('result');
    const { frames } = connection.wireLog();
    expect(frames.map((frame) => [frame.direction, frame.source, methodOf(frame) ?? idOf(frame)])).toEqual([
      ['sent', 'post', 'initialize'],
      ['received', 'sse', 1],
      ['sent', 'post', 'notifications/initialized'],
      ['sent', 'post', 'tools/call'],
      ['received', 'sse', 'notifications/progress'],
      ['received', 'sse', 'notifications/progress'],
      ['received', 'sse', 2],
    ]);
    const received = frames.filter((frame) => frame.direction === 'received');
    // Stream 2 was the notification's empty 202: the call's stream opened third.
    expect(received.map((frame) => [frame.stream, frame.streamMethod, frame.streamRequestKey])).toEqual([
      [1, 'POST', '1'],
      [3, 'POST', '2'],
      [3, 'POST', '2'],
      [3, 'POST', '2'],
    ]);
    expect(frames.filter((frame) => frame.direction === 'sent').every((frame) => frame.stream === 0 && frame.utf8)).toBe(true);
  });

  it('keeps an application/json body as one frame (2026-07-28 discover)', async () => {
    const connection = await connections.connect(await streamingTarget(), { protocol: '2026-07-28' });
    const [sent, body] = connection.wireLog().frames;
    expect(methodOf(sent as WireFrame)).toBe('server/discover');
    expect(body).toMatchObject({
      direction: 'received',
      source: 'json-body',
      stream: 1,
      streamMethod: 'POST',
      streamRequestKey: '1',
      utf8: true,
    });
    expect(idOf(body as WireFrame)).toBe(1);
  });

  it('keeps SSE event ids (listen-flaws)', async () => {
    const server = await startHttpFixture('listen-flaws', { FIXTURE_FLAW: 'none' });
    connections.defer(() => server.close());
    const connection = await connections.connect({ transport: 'http', url: server.url }, { protocol: '2026-07-28' });
    const listen = await connection.request('subscriptions/listen', { notifications: { toolsListChanged: true } }, { dropStreamAfter: 2 });
    expect(outcomeOf(listen)).toBe('cancelled');
    const events = connection.wireLog().frames.filter((frame) => frame.source === 'sse');
    expect(events.map((frame) => [frame.eventId, methodOf(frame)])).toEqual([
      ['ev-1', 'notifications/subscriptions/acknowledged'],
      ['ev-2', 'notifications/tools/list_changed'],
    ]);
  });
});

describe('Utf8Watch', () => {
  it('accepts a character split across chunks and flags bytes that are not UTF-8', () => {
    const euro = Buffer.from('€');
    const split = new Utf8Watch();
    split.push(euro.subarray(0, 1));
    split.push(euro.subarray(1));
    split.end();
    expect(split.invalid).toBe(false);
    const bad = new Utf8Watch();
    bad.push(Buffer.from([0x61, 0xff]));
    expect(bad.invalid).toBe(true);
    expect(bad.eventIsUtf8('a\uFFFD')).toBe(false);
    const cut = new Utf8Watch();
    cut.push(euro.subarray(0, 2));
    cut.end();
    expect(cut.invalid).toBe(true);
  });
});
