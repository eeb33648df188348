import type { Connection, RequestOptions } from '@mcp-eval/protocol';
import { ERROR_CODES, isRecord, PROTOCOL_VERSION_META } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, declares, unlessModern } from './support/applicability.js';
import { answerMeasurements, compareError } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { UNSUPPORTED_VERSION } from './support/protocol-constants.js';

const LABELS = {
  'unsupported-version-rejected':
    'A request naming an unsupported revision got -32022 (HTTP 400) listing the supported ones, on a fresh connection and on an established one.',
  'established-connection-served':
    "The fresh connection got -32022, but once a request had been served, a request naming an unsupported revision was served as if it named the connection's own (the official SDK's stdio server 2.4.0 does this).",
  'unsupported-version-served': 'A request naming an unsupported revision (2099-01-01) was served instead of rejected with -32022.',
  'wrong-error-code': 'A request naming an unsupported revision was rejected, but not with -32022 (jsonRpcCode says which, if any).',
  'wrong-http-status': 'The -32022 error came with an HTTP status other than 400 (httpStatus says which).',
  'supported-list-missing': 'The -32022 error did not carry data.supported, the list of revisions the server does support.',
  'no-answer': 'A request naming an unsupported revision got no answer: timeout, crash, closed connection or an unparseable reply.',
  'era-legacy': SKIP_LABELS['era-legacy'],
} as const;

export type UnsupportedVersionErrorLabel = keyof typeof LABELS;

const VERDICT_LABEL = {
  served: 'unsupported-version-served',
  'wrong-code': 'wrong-error-code',
  'wrong-status': 'wrong-http-status',
  'no-answer': 'no-answer',
} as const satisfies Record<string, UnsupportedVersionErrorLabel>;

/** A list the server declares, to have an ordinary request to make (`undefined`: none declared). */
function listMethod(connection: Connection): string | undefined {
  if (declares(connection, 'tools')) return 'tools/list';
  if (declares(connection, 'resources')) return 'resources/list';
  return declares(connection, 'prompts') ? 'prompts/list' : undefined;
}

/**
 * Assertion 6, the -32022 part: a request whose envelope names a revision the server does not
 * support gets UnsupportedProtocolVersion, -32022 with `data.supported` (HTTP 400). First on a fresh
 * connection, as inline negotiation does (`server/discover` naming 2099-01-01, so the check does
 * not depend on what other assertions sent before); then on that connection once an ordinary
 * request has been served, because the revision says servers must not infer the version from
 * earlier requests. The official SDK's stdio server (2.4.0) checks only the first, and fails here.
 */
export const unsupportedVersionError = defineCheck<ConformanceParams, UnsupportedVersionErrorLabel>({
  id: 'unsupported-version-error',
  kind: 'conformance',
  requirements: ['M8', 'M17', 'M40'],
  title: 'Unsupported version is -32022',
  summary: 'A request naming a protocol revision the server does not support gets -32022 with data.supported (HTTP 400).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<UnsupportedVersionErrorLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const fresh = await ctx.openConnection();
    const options: RequestOptions = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const unsupported: RequestOptions = { ...options, meta: { [PROTOCOL_VERSION_META]: UNSUPPORTED_VERSION } };
    const opening = await fresh.request('server/discover', {}, unsupported);
    const verdict = compareError(opening, { codes: [ERROR_CODES.unsupportedVersion], httpStatus: 400 });
    const measurements = answerMeasurements(opening);
    if (verdict.kind !== 'expected') return { status: 'fail', label: VERDICT_LABEL[verdict.kind], measurements };
    const data = opening.outcome === 'error' ? opening.error.data : undefined;
    const supported = isRecord(data) && Array.isArray(data.supported) ? data.supported : [];
    if (supported.length === 0 || !supported.every((v) => typeof v === 'string'))
      return { status: 'fail', label: 'supported-list-missing', measurements };

    const method = listMethod(fresh);
    if (method === undefined) return { status: 'pass', label: 'unsupported-version-rejected', measurements };
    await fresh.request(method, {}, options);
    const later = await fresh.request(method, {}, unsupported);
    const laterVerdict = compareError(later, { codes: [ERROR_CODES.unsupportedVersion], httpStatus: 400 });
    if (laterVerdict.kind === 'served')
      return { status: 'fail', label: 'established-connection-served', measurements: answerMeasurements(later) };
    if (laterVerdict.kind !== 'expected')
      return { status: 'fail', label: VERDICT_LABEL[laterVerdict.kind], measurements: answerMeasurements(later) };
    return { status: 'pass', label: 'unsupported-version-rejected', measurements };
  },
});
