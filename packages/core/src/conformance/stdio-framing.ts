import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { receivedMessages, wireOutcome } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';
import type { WireLogFullLabel } from './support/wire-workload.js';

export type StdioFramingLabel = 'stdout-messages-only' | 'stdout-not-message' | 'stdout-request' | 'not-applicable-http' | WireLogFullLabel;

const LABELS: Record<StdioFramingLabel, string> = {
  ...WIRE_LOG_FULL_LABELS,
  'stdout-messages-only': 'Every stdout line was one JSON-RPC message (and, on 2026-07-28, none was a request).',
  'stdout-not-message': 'A stdout line that is not JSON: pollution (a log line) or a message split by an embedded newline.',
  'stdout-request': 'A JSON-RPC request on stdout from a 2026-07-28 server, which initiates none.',
  'not-applicable-http': 'Skipped: the assertion is about the stdio transport and the server was reached over HTTP.',
};

/**
 * stdio only: every line the server wrote to stdout during the shared wire workload parsed as JSON
 * (so nothing else was written and no message carried an embedded newline), and on 2026-07-28 no
 * line was a JSON-RPC request. The shape of each message is `message-shape`'s.
 */
export const stdioFraming = defineCheck<ConformanceParams, StdioFramingLabel>({
  id: 'stdio-framing',
  kind: 'conformance',
  requirements: ['L19', 'M24', 'M25'],
  title: 'stdout carries only messages',
  summary: 'Over stdio every stdout line is one JSON-RPC message, and a 2026-07-28 server writes no request.',
  params: NO_PARAMS,
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<StdioFramingLabel>> => {
    if (ctx.connection.traits.httpHeaders) return { status: 'skip', label: 'not-applicable-http' };
    const { log, era } = await read();
    const defects: { label: 'stdout-not-message' | 'stdout-request'; measurements: { frame: number } }[] = [];
    let lines = 0;
    log.frames.forEach((frame, index) => {
      if (frame.direction !== 'received' || frame.source !== 'stdout') return;
      lines += 1;
      if (frame.value === undefined && frame.oversized !== true)
        defects.push({ label: 'stdout-not-message', measurements: { frame: index } });
    });
    if (era === 'modern') {
      for (const { index, kind } of receivedMessages(log)) {
        if (kind === 'request') defects.push({ label: 'stdout-request', measurements: { frame: index } });
      }
    }
    return wireOutcome(defects, 'stdout-messages-only', { lines });
  }),
});
