import type { Exchange, RequestOptions } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

/** The request `_meta` key that carries the log level on 2026-07-28 (it replaced `logging/setLevel`). */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';
/** No RFC 5424 severity: the invalid level sent. */
export const INVALID_LOG_LEVEL = 'loud';
/** An RFC 5424 severity the revision lists: the control, which must be served. */
export const VALID_LOG_LEVEL = 'error';

const LABELS = {
  'invalid-level-rejected': `A request whose _meta ${LOG_LEVEL_META} is "${INVALID_LOG_LEVEL}" got a JSON-RPC error (jsonRpcCode), and one naming "${VALID_LOG_LEVEL}" was served.`,
  'invalid-level-served': `A request whose _meta ${LOG_LEVEL_META} is "${INVALID_LOG_LEVEL}", no RFC 5424 level, was served instead of rejected.`,
  'invalid-level-no-json-rpc-error':
    'The request with the invalid level was refused without a JSON-RPC error (a bare HTTP status, httpStatus says which).',
  'valid-level-refused': `The control request, naming the valid level "${VALID_LOG_LEVEL}", got an error (jsonRpcCode): the server refuses the key itself, not the bad value.`,
  'no-answer': 'A request carrying a log level got no answer: timeout, crash, closed connection or an unparseable reply.',
  'era-legacy': SKIP_LABELS['era-legacy'],
} as const;

export type LogLevelValidationLabel = keyof typeof LABELS;

/**
 * 2026-07-28, Server features › Logging: a log level in the request envelope that is not one of
 * the RFC 5424 levels the revision lists SHOULD be rejected with a JSON-RPC error. Both probes are
 * `server/discover` (every server implements it; nothing is logged or changed), first the control
 * with a valid level, so a server that refuses the key outright is told apart from one that checks it.
 */
export const logLevelValidation = defineCheck<ConformanceParams, LogLevelValidationLabel>({
  id: 'log-level-validation',
  kind: 'conformance',
  requirements: ['M83'],
  level: 'should',
  title: 'An invalid log level is rejected',
  summary: `A request whose _meta logLevel is no RFC 5424 level ("${INVALID_LOG_LEVEL}") gets a JSON-RPC error; "${VALID_LOG_LEVEL}" is served (a SHOULD).`,
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<LogLevelValidationLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const send = (level: string): Promise<Exchange> => {
      const options: RequestOptions = { timeoutMs: ctx.timeoutMs, signal: ctx.signal, meta: { [LOG_LEVEL_META]: level } };
      return ctx.connection.request('server/discover', {}, options);
    };
    const control = await send(VALID_LOG_LEVEL);
    if (control.outcome === 'transport-failure') return { status: 'fail', label: 'no-answer', measurements: answerMeasurements(control) };
    if (control.outcome === 'error') return { status: 'fail', label: 'valid-level-refused', measurements: answerMeasurements(control) };
    const invalid = await send(INVALID_LOG_LEVEL);
    const measurements = answerMeasurements(invalid);
    switch (invalid.outcome) {
      case 'error':
        return { status: 'pass', label: 'invalid-level-rejected', measurements };
      case 'result':
        return { status: 'fail', label: 'invalid-level-served', measurements };
      default:
        if (invalid.failure === 'http-status' && (invalid.httpStatus ?? 0) < 500)
          return { status: 'fail', label: 'invalid-level-no-json-rpc-error', measurements };
        return { status: 'fail', label: 'no-answer', measurements };
    }
  },
});
