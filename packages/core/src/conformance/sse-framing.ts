import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { receivedMessages, wireOutcome } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';
import type { WireLogFullLabel } from './support/wire-workload.js';

type Defect = 'sse-after-response' | 'accel-buffering-missing';
export type SseFramingLabel = 'sse-framing-clean' | 'no-sse-observed' | 'not-applicable-stdio' | Defect | WireLogFullLabel;

const LABELS: Record<SseFramingLabel, string> = {
  ...WIRE_LOG_FULL_LABELS,
  'sse-framing-clean': "Every POST's SSE stream ended after its response (and, on 2026-07-28, carried X-Accel-Buffering: no).",
  'sse-after-response': "An event on a POST's SSE stream after that request's response: the stream did not end with it.",
  'accel-buffering-missing': '2026-07-28: an SSE response without the X-Accel-Buffering: no header, so a proxy may buffer the stream.',
  'no-sse-observed': 'Skipped: no response of the workload was an SSE stream, so there was nothing to check.',
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
};

/**
 * SHOULD, HTTP only, over the shared wire workload: a POST's SSE stream ends after the request's
 * response (no event follows it on that stream), and on 2026-07-28 an SSE response carries
 * `X-Accel-Buffering: no`. Skips when no response was an SSE stream.
 */
export const sseFraming = defineCheck<ConformanceParams, SseFramingLabel>({
  id: 'sse-framing',
  kind: 'conformance',
  requirements: ['L26', 'M36', 'M37'],
  level: 'should',
  title: 'SSE responses end after the answer',
  summary: "A POST's SSE stream ends after its response; 2026-07-28 SSE responses carry X-Accel-Buffering: no.",
  params: NO_PARAMS,
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<SseFramingLabel>> => {
    const skip = unlessHttp(ctx.connection);
    if (skip) return skip;
    const { log, era, exchanges } = await read();
    const sseFrames = log.frames.filter((frame) => frame.direction === 'received' && frame.source === 'sse');
    if (sseFrames.length === 0) return { status: 'skip', label: 'no-sse-observed' };
    const defects: { label: Defect; measurements: Readonly<Record<string, number>> }[] = [];
    const answered = new Set<number>();
    for (const { kind, idKey, index, frame } of receivedMessages(log)) {
      if (frame.source !== 'sse' || frame.streamMethod !== 'POST') continue;
      if (answered.has(frame.stream)) defects.push({ label: 'sse-after-response', measurements: { frame: index } });
      if (kind === 'response' && idKey !== undefined && idKey === frame.streamRequestKey) answered.add(frame.stream);
    }
    if (era === 'modern') {
      exchanges.forEach(({ exchange }, index) => {
        const headers = exchange.responseHeaders ?? {};
        const sse = (headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream');
        if (sse && (headers['x-accel-buffering'] ?? '').trim().toLowerCase() !== 'no') {
          defects.push({ label: 'accel-buffering-missing', measurements: { exchange: index } });
        }
      });
    }
    return wireOutcome(defects, 'sse-framing-clean', { events: sseFrames.length });
  }),
});
