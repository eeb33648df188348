import { isDeepStrictEqual } from 'node:util';

import type { JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { callCounts, structuredCalls } from './support/structured-calls.js';

const LABELS = {
  'structured-text-present': 'Every judged result with structuredContent also carried it serialized as JSON in a text content block.',
  'text-serialization-missing':
    'Finding: a result carries structuredContent but no text content block whose JSON parses to the same value (clients without structured output see nothing).',
  'no-structured-results':
    'Skipped: no call of a read-only tool that declares an outputSchema returned a successful result with structuredContent (counts in measurements).',
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type StructuredTextLabel = keyof typeof LABELS;

/** Whether some text block of `content` is JSON that parses to `structured` (formatting and key order are free). */
function serializedIn(content: unknown, structured: JsonValue): boolean {
  if (!Array.isArray(content)) return false;
  return content.some((block) => {
    if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
    try {
      return isDeepStrictEqual(JSON.parse(block.text), structured);
    } catch {
      return false;
    }
  });
}

/**
 * Both eras, a SHOULD: a tool that returns `structuredContent` also returns it serialized as JSON
 * in a text block, for clients that read only `content`. Read from the same calls as
 * `structured-content` (made once per run); the text is compared as parsed JSON, not byte for byte.
 */
export const structuredText = defineCheck<ConformanceParams, StructuredTextLabel>({
  id: 'structured-text',
  kind: 'conformance',
  requirements: ['L44', 'M66'],
  level: 'should',
  title: 'Structured content is also serialized as text',
  summary: 'A result with structuredContent also carries it as JSON in a text content block.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<StructuredTextLabel>> {
    const skip = unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const { calls, eligible } = await structuredCalls(ctx);
    const findings: (Finding & { readonly label: StructuredTextLabel })[] = [];
    let structured = 0;
    for (const { index, kind, result } of calls) {
      if (kind !== 'result' || result?.structuredContent === undefined) continue;
      structured += 1;
      if (!serializedIn(result.content, result.structuredContent))
        findings.push({ label: 'text-serialization-missing', measurements: { index } });
    }
    const measurements = { eligible, ...callCounts(calls), structured };
    if (structured === 0) return { status: 'skip', label: 'no-structured-results', measurements };
    if (findings.length > 0) return { status: 'fail', label: 'text-serialization-missing', measurements, findings };
    return { status: 'pass', label: 'structured-text-present', measurements };
  },
});
