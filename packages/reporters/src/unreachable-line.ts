import type { CaseRecord, RunReport } from '@mcp-eval/core';
import type { ConnectFailure } from '@mcp-eval/protocol';
import { CONNECT_FAILURE_PHRASES } from '@mcp-eval/protocol';

const CONNECT_PREFIX = 'connect-';

/** `connect-refused` → `refused`; undefined for a label that is not a connect failure. */
export function connectFailureOf(label: string): ConnectFailure | undefined {
  if (!label.startsWith(CONNECT_PREFIX)) return undefined;
  const kind = label.slice(CONNECT_PREFIX.length);
  return Object.hasOwn(CONNECT_FAILURE_PHRASES, kind) ? (kind as ConnectFailure) : undefined;
}

/** A case that ended because no connection could be opened for it. */
export function isUnconnected(record: CaseRecord): boolean {
  return record.status === 'error' && record.label === 'connect-failed';
}

/**
 * The one line the console gives a server that could not be reached, worded as the server's
 * condition, with the numbers the connect-failed records carry (HTTP status, exit code, signal
 * number). Undefined when the run connected. Nothing here is server text.
 */
export function unreachableLine(report: RunReport): string | undefined {
  const kind = (report.invocationErrors ?? []).map((error) => connectFailureOf(error.label)).find((k) => k !== undefined);
  if (kind === undefined) return undefined;
  const numbers = report.cases.find(isUnconnected)?.measurements ?? {};
  const details = [
    numbers['httpStatus'] === undefined ? '' : `HTTP ${numbers['httpStatus']}`,
    numbers['exitCode'] === undefined ? '' : `exit code ${numbers['exitCode']}`,
    numbers['signal'] === undefined ? '' : `signal ${numbers['signal']}`,
  ].filter((part) => part !== '');
  const unreached = report.cases.filter(isUnconnected).length;
  const cases = unreached === 0 ? '' : `; ${unreached} ${unreached === 1 ? 'case' : 'cases'} not evaluated`;
  return `server unreachable: ${CONNECT_FAILURE_PHRASES[kind]}${details.length === 0 ? '' : ` (${details.join(', ')})`}${cases}`;
}
