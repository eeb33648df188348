import type { Exchange } from '@mcp-eval/protocol';
import { ERROR_CODES } from '@mcp-eval/protocol';

/**
 * What became of a request whose headers agree with its body: `accepted` is conformant. The
 * counterpart of `error-probes.ts` for the probes a server must not refuse as a header mismatch.
 */
export type AcceptResult = 'accepted' | 'refused' | 'no-answer';

const MEANINGS: Record<AcceptResult, string> = {
  accepted: 'answered without a header error (a result or another error): the header was taken as agreeing',
  refused: 'refused with -32020 or a bare HTTP 4xx although header and body agree',
  'no-answer': 'not answered at all: timeout, crash, closed connection or a 5xx',
};

export type AcceptLabel<P extends string> = `${P}-${AcceptResult}`;

/** The closed label set of a family of accepting probes: `<probe>-<result>`. */
export function acceptLabels<P extends string>(probes: Readonly<Record<P, string>>): Record<AcceptLabel<P>, string> {
  const labels: Record<string, string> = {};
  for (const [probe, what] of Object.entries<string>(probes)) {
    for (const [result, meaning] of Object.entries(MEANINGS)) labels[`${probe}-${result}`] = `${what}: ${meaning}.`;
  }
  return labels as Record<AcceptLabel<P>, string>;
}

export function acceptResult(exchange: Exchange): AcceptResult {
  switch (exchange.outcome) {
    case 'result':
      return 'accepted';
    case 'error':
      return exchange.error.code === ERROR_CODES.headerMismatch ? 'refused' : 'accepted';
    case 'transport-failure':
      return exchange.failure === 'http-status' && (exchange.httpStatus ?? 0) < 500 ? 'refused' : 'no-answer';
  }
}
