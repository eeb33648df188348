import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { ERROR_CODES, pushAll } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { evaluatedNothing, nothingLabels } from '../evaluated-nothing.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { sharedWalk } from './support/shared-walk.js';
import { sharedRequest } from './support/shared-request.js';

/** At most this many listed resources are read (the first ones, in list order): a bounded run on a huge catalog. */
export const LISTED_RESOURCES_MAX_READS = 50;

/** A `{name}` expression: RFC 6570 template syntax, which RFC 3986 does not allow in a URI. */
const TEMPLATE_EXPRESSION = /\{[^}]*\}/;

const LABELS = {
  'listed-resources-readable': 'Every listed resource read (up to LISTED_RESOURCES_MAX_READS) returned contents.',
  'template-in-list':
    'resources/list listed a URI template (a {name} expression): templates belong in resources/templates/list, and a template is not a URI a client can read.',
  'listed-resource-not-found':
    'resources/read of a URI the server itself listed was answered "not found" (-32602 or -32002): the listing offers what cannot be read.',
  'read-result-malformed': 'resources/read of a listed URI returned a result without a contents array.',
  'listed-resource-read-error':
    'Finding (not a failure): a listed resource answered with another JSON-RPC error (jsonRpcCode), which a resource behind credentials or a failing backend may legitimately do.',
  'listed-resource-read': 'Finding: this listed resource returned contents.',
  'no-answer': 'resources/read of a listed URI got no answer: timeout, crash, closed connection or an unparseable reply.',
  ...nothingLabels('list-unreadable', 'nothing-read'),
  'no-resources-listed': 'Skipped: resources/list is empty, so there is nothing to read.',
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type ListedResourcesReadableLabel = keyof typeof LABELS;

type ReadLabel = Extract<
  ListedResourcesReadableLabel,
  'listed-resource-read' | 'listed-resource-not-found' | 'read-result-malformed' | 'listed-resource-read-error' | 'no-answer'
>;

const NOT_FOUND: readonly number[] = [ERROR_CODES.invalidParams, ERROR_CODES.legacyResourceNotFound];

function readVerdict(exchange: Exchange): ReadLabel {
  switch (exchange.outcome) {
    case 'result':
      return Array.isArray(exchange.result.contents) ? 'listed-resource-read' : 'read-result-malformed';
    case 'error':
      return NOT_FOUND.includes(exchange.error.code) ? 'listed-resource-not-found' : 'listed-resource-read-error';
    case 'transport-failure':
      return 'no-answer';
  }
}

const FAILING: ReadonlySet<ListedResourcesReadableLabel> = new Set([
  'template-in-list',
  'listed-resource-not-found',
  'read-result-malformed',
  'no-answer',
]);

/**
 * Both eras: what `resources/list` offers can be read. Each listed resource (up to
 * LISTED_RESOURCES_MAX_READS) is read once with `resources/read`; a listed URI that is a template
 * (resources/list entries are URIs, RFC 3986, and templates have their own list), a listed URI the
 * server answers "not found", a result without `contents`, or no answer fails. Another error is
 * reported, not failed: a resource may sit behind credentials; when every read answered so, nothing
 * was shown readable and the assertion skips. Reads have no side effects.
 * Findings carry each resource's position in the list (`index`), never its URI.
 */
export const listedResourcesReadable = defineCheck<ConformanceParams, ListedResourcesReadableLabel>({
  id: 'listed-resources-readable',
  kind: 'conformance',
  requirements: ['L50', 'L52', 'M71', 'M88'],
  title: 'Listed resources can be read',
  summary: 'Every URI resources/list offers is a URI (not a template) that resources/read serves, not one it answers "not found".',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ListedResourcesReadableLabel>> {
    const skip = unlessDeclared(ctx.connection, 'resources');
    if (skip) return skip;
    const walk = await sharedWalk(ctx, 'resources/list');
    if (walk.problem !== undefined) {
      return evaluatedNothing('list-unreadable', {
        pages: walk.pages,
        ...(walk.jsonRpcCode === undefined ? {} : { jsonRpcCode: walk.jsonRpcCode }),
      });
    }
    const listed: readonly JsonObject[] = [...walk.items, ...walk.tooDeep];
    if (listed.length === 0) return { status: 'skip', label: 'no-resources-listed' };
    const findings: (Finding & { label: ListedResourcesReadableLabel })[] = [];
    // Read side by side (bounded by LISTED_RESOURCES_MAX_READS), judged in list order.
    const verdicts = await Promise.all(
      listed.slice(0, LISTED_RESOURCES_MAX_READS).map(async (item, index): Promise<Finding & { label: ListedResourcesReadableLabel }> => {
        const uri = item.uri as string; // walkList keeps only items with a string uri
        if (TEMPLATE_EXPRESSION.test(uri)) return { label: 'template-in-list', measurements: { index } };
        const exchange = await sharedRequest(ctx, 'resources/read', { uri });
        return { label: readVerdict(exchange), measurements: { index, ...answerMeasurements(exchange) } };
      }),
    );
    pushAll(findings, verdicts);
    const failure = findings.find((f) => FAILING.has(f.label))?.label;
    const measurements = { listed: listed.length, read: findings.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    // Every read answered an error a resource may legitimately give: nothing was shown readable.
    if (!findings.some((f) => f.label === 'listed-resource-read')) return { ...evaluatedNothing('nothing-read', measurements), findings };
    return { status: 'pass', label: 'listed-resources-readable', measurements, findings };
  },
});
