import { isJsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessLegacy } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { receivedMessages } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';

const LABELS = {
  ...WIRE_LOG_FULL_LABELS,
  'nothing-before-initialized': 'Before the client sent notifications/initialized, the server sent no request other than ping.',
  'request-before-initialized': 'The server sent a request other than ping before the client sent notifications/initialized.',
  'initialized-not-sent': 'The workload connection never got as far as notifications/initialized, so nothing could be judged.',
  'era-modern': SKIP_LABELS['era-modern'],
} as const;

export type InitializedFirstLabel = keyof typeof LABELS;

/** The one request a legacy server may send before `initialized` (logging is a notification). */
const ALLOWED_EARLY = new Set(['ping']);

/**
 * 2025-11-25 Lifecycle › Initialization, SHOULD: until the client's `notifications/initialized`,
 * the server sends no request other than `ping` (and no notification other than logging, which
 * server-initiated judges against the declared capability). Read from the shared wire workload's
 * own handshake, the only one whose every frame is in one log from the first.
 */
export const initializedFirst = defineCheck<ConformanceParams, InitializedFirstLabel>({
  id: 'initialized-first',
  kind: 'conformance',
  requirements: ['L15'],
  title: 'No server request before initialized',
  summary: 'Before the client sends notifications/initialized, a legacy server sends no request other than ping.',
  params: NO_PARAMS,
  level: 'should',
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<InitializedFirstLabel>> => {
    const skip = unlessLegacy(ctx.connection);
    if (skip) return skip;
    const { log } = await read();
    const initializedAt = log.frames.findIndex(
      (frame) => frame.direction === 'sent' && isJsonObject(frame.value) && frame.value.method === 'notifications/initialized',
    );
    if (initializedAt === -1) return { status: 'error', label: 'initialized-not-sent' };
    const early = receivedMessages(log).filter(
      ({ index, kind, method }) => index < initializedAt && kind === 'request' && !ALLOWED_EARLY.has(method ?? ''),
    );
    const measurements = { earlyRequests: early.length };
    if (early.length > 0) return { status: 'fail', label: 'request-before-initialized', measurements };
    return { status: 'pass', label: 'nothing-before-initialized', measurements };
  }),
});
