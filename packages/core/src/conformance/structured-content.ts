import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { evaluatedNothing } from '../evaluated-nothing.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { SchemaChecker } from './support/schema-validity.js';
import { callCounts, structuredCalls } from './support/structured-calls.js';

const LABELS = {
  'structured-content-valid':
    'Every judged call of a read-only tool that declares an outputSchema returned structuredContent that validates against it.',
  'structured-content-missing': 'Finding: a successful result of a tool that declares an outputSchema carries no structuredContent.',
  'structured-content-invalid': "Finding: the structuredContent of a successful result does not validate against the tool's outputSchema.",
  'output-schema-unusable':
    "Finding (not a failure), or a skip when it held for every judged call: the tool's outputSchema cannot be compiled or names an unknown dialect, so its result could not be validated (tool-schemas says why).",
  'no-structured-tools': 'Skipped: no tool the server annotates readOnlyHint: true declares an outputSchema, so no call was sent.',
  'every-call-errored':
    'Skipped: every call answered with a tool error, a JSON-RPC error, input_required or nothing (placeholder arguments may be wrong; counts in measurements).',
  'catalog-unreadable':
    'Skipped: tools/list could not be walked to the end and no read-only tool with an outputSchema was found on the pages read, so nothing was called.',
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type StructuredContentLabel = keyof typeof LABELS;

/**
 * Both eras: a tool that declares an `outputSchema` returns `structuredContent` that conforms to it
 * (the validator `tool-schemas` compiles with). Only tools the server annotates read-only are
 * called, with placeholder arguments (support/structured-calls.ts); an error answer is counted,
 * not judged. Findings carry the tool's position among the called tools (`index`), never its name
 * or the content.
 */
export const structuredContent = defineCheck<ConformanceParams, StructuredContentLabel>({
  id: 'structured-content',
  kind: 'conformance',
  requirements: ['L45', 'M67'],
  title: 'Structured content matches the output schema',
  summary: 'A read-only tool that declares an outputSchema returns structuredContent that validates against it.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<StructuredContentLabel>> {
    const skip = unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const { calls, eligible, catalogIncomplete } = await structuredCalls(ctx);
    const counts = { eligible, ...callCounts(calls) };
    if (calls.length === 0) {
      return catalogIncomplete ? evaluatedNothing('catalog-unreadable', counts) : evaluatedNothing('no-structured-tools', counts);
    }
    const checker = new SchemaChecker();
    const findings: (Finding & { readonly label: StructuredContentLabel })[] = [];
    let validated = 0;
    for (const { index, outputSchema, kind, result } of calls) {
      if (kind !== 'result' || result === undefined) continue;
      if (result.structuredContent === undefined) {
        findings.push({ label: 'structured-content-missing', measurements: { index } });
        continue;
      }
      const verdict = checker.validate(outputSchema, result.structuredContent);
      if (verdict === 'unusable') {
        findings.push({ label: 'output-schema-unusable', measurements: { index } });
        continue;
      }
      validated += 1;
      if (verdict === 'invalid') findings.push({ label: 'structured-content-invalid', measurements: { index } });
    }
    const measurements = { ...counts, validated };
    const failure = findings.find((f) => f.label !== 'output-schema-unusable')?.label;
    const reported = findings.length === 0 ? {} : { findings };
    if (failure) return { status: 'fail', label: failure, measurements, ...reported };
    if (validated === 0) {
      const label = counts.judged === 0 ? 'every-call-errored' : 'output-schema-unusable';
      return { status: 'skip', label, measurements, ...reported };
    }
    return { status: 'pass', label: 'structured-content-valid', measurements, ...reported };
  },
});
