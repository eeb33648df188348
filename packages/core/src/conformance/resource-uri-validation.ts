import type { Exchange } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { sharedWalk } from './support/shared-walk.js';

/** What is read as "not a URI": no scheme, and spaces (RFC 3986 allows neither in a URI). */
export const NOT_A_URI = 'mcp eval not a uri';

/** How many `..` segments a traversal probe climbs above the listed file's directory: more than any real tree is deep. */
export const TRAVERSAL_DEPTH = 8;

/** The file a traversal probe asks for once it has climbed to the root. */
const TRAVERSAL_TARGET = 'etc/passwd';

const LABELS = {
  'uris-validated':
    'A read of a string that is not a URI was an error, and (when a file:// resource is listed) reads climbing out of its directory were errors or empty.',
  'non-uri-served': 'resources/read of a string that is not a URI (no scheme, spaces) returned a result instead of a JSON-RPC error.',
  'traversal-served':
    'resources/read of a path climbing out of a listed file:// resource directory with ../ segments returned contents with a text or blob.',
  'traversal-encoded-served':
    'resources/read of a path climbing out of a listed file:// resource directory with percent-encoded %2e%2e segments returned contents with a text or blob.',
  'no-answer': 'A read of an invalid URI got no answer (timeout, crash, closed connection or an unparseable reply).',
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type ResourceUriValidationLabel = keyof typeof LABELS;

type ProbeLabel = Extract<ResourceUriValidationLabel, 'non-uri-served' | 'traversal-served' | 'traversal-encoded-served'>;

/** A transport failure that is a bare HTTP 4xx did refuse the read; anything else is no answer. */
function unanswered(exchange: Exchange): boolean {
  return exchange.outcome === 'transport-failure' && !(exchange.failure === 'http-status' && (exchange.httpStatus ?? 500) < 500);
}

/** Whether a result hands out a body: some `contents` entry with a text or a blob. */
function servesBody(exchange: Exchange): boolean {
  if (exchange.outcome !== 'result') return false;
  const { contents } = exchange.result;
  return Array.isArray(contents) && contents.some((entry) => isRecord(entry) && (entry.text !== undefined || entry.blob !== undefined));
}

/** The traversal URIs under a listed `file://` URI's directory: plain `..` segments, then percent-encoded ones. */
function traversalProbes(listed: string): { readonly uri: string; readonly label: ProbeLabel }[] {
  const directory = listed.slice(0, listed.lastIndexOf('/') + 1);
  const climb = (segment: string): string => `${directory}${`${segment}/`.repeat(TRAVERSAL_DEPTH)}${TRAVERSAL_TARGET}`;
  return [
    { uri: climb('..'), label: 'traversal-served' },
    { uri: climb('%2e%2e'), label: 'traversal-encoded-served' },
  ];
}

/**
 * Both eras, resources declared: the server validates the URIs it is asked to read. A string that
 * is not an RFC 3986 URI must be a JSON-RPC error, and when the server lists a `file://` resource,
 * reads that climb out of its directory (`../` and `%2e%2e/`) must not hand out a file. Only error
 * versus contents is judged (`missing-resource-error` checks the codes); what the server answered
 * is never recorded.
 */
export const resourceUriValidation = defineCheck<ConformanceParams, ResourceUriValidationLabel>({
  id: 'resource-uri-validation',
  kind: 'conformance',
  requirements: ['L54', 'M75'],
  title: 'Resource URIs are validated',
  summary: 'resources/read refuses a string that is not a URI and never serves a path that climbs out of a listed file:// directory.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ResourceUriValidationLabel>> {
    const skip = unlessDeclared(ctx.connection, 'resources');
    if (skip) return skip;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const read = (uri: string): Promise<Exchange> => ctx.connection.request('resources/read', { uri }, options);
    const findings: (Finding & { readonly label: ProbeLabel | 'no-answer' })[] = [];

    const nonUri = await read(NOT_A_URI);
    if (nonUri.outcome === 'result') findings.push({ label: 'non-uri-served' });
    else if (unanswered(nonUri)) findings.push({ label: 'no-answer' });

    const walk = await sharedWalk(ctx, 'resources/list');
    const file = walk.items.find((item) => typeof item.uri === 'string' && item.uri.startsWith('file://'));
    const probes = file ? traversalProbes(file.uri as string) : [];
    for (const { uri, label } of probes) {
      const exchange = await read(uri);
      if (servesBody(exchange)) findings.push({ label });
      else if (unanswered(exchange)) findings.push({ label: 'no-answer' });
    }

    const measurements = { probes: 1 + probes.length, traversalProbes: probes.length, defects: findings.length };
    const failure = findings.find((f) => f.label !== 'no-answer')?.label ?? findings[0]?.label;
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'uris-validated', measurements };
  },
});
