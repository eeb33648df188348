import { maxOf } from '@mcp-eval/protocol';
import Type, { type Static } from 'typebox';
import type { JsonObject, JsonValue } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import type { ContentKind, ResponseSize } from '../calls/response-size.js';
import { CONTENT_KINDS, measureResponse } from '../calls/response-size.js';
import type { Finding } from '../record.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, CALLABLE, complete, pickTool, readOnly } from '../starter/pick-tool.js';
import { callEntries } from '../starter/call-entries.js';
import { estimateTokens } from './token-cost.js';
import { namedTool } from '../calls/called-tool.js';

const LABELS = {
  'within-budget': "Every variant's response stayed within the budgets the case sets.",
  'response-over-budget': "A variant's response cost more estimated tokens than max_response_tokens.",
  'blob-inlined':
    "A response carried an inline blob (image or audio data, an embedded resource's blob) larger than max_inline_blob_bytes, where a resource_link belongs.",
  'unbounded-growth':
    'The response grew with the varied argument by more than max_growth from the first value to the last, and was still growing at the last step: no upper bound.',
  'call-failed': "A variant's call was answered with an error, an input request, or not at all, so its size says nothing.",
  'variant-cost': "Finding: one variant's response size, in bytes and tokens, in total and per content kind.",
  'variant-over-budget': "Finding: this variant's response costs more than max_response_tokens.",
  'variant-blob-inlined': "Finding: this variant's response inlines a blob larger than max_inline_blob_bytes.",
  ...MUTATION_GATE_LABELS,
} as const;

export type ResponseCostLabel = keyof typeof LABELS;

/** The most values `vary.values` may list: each is one call. */
export const MAX_RESPONSE_VARIANTS = 20;
/** A blob at most this large (base64 characters) may be inlined unless the case says otherwise. */
export const DEFAULT_MAX_INLINE_BLOB_BYTES = 32_768;
/** The last step "still grows" when it adds more than this fraction: a capped list plateaus below it. */
export const GROWTH_PLATEAU_TOLERANCE = 0.05;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The read-only tool whose responses are measured.' }),
    arguments: argumentsParam('The arguments of every call; vary.field is set on top of them.'),
    vary: Type.Optional(
      Type.Object(
        {
          field: Type.String({ minLength: 1, description: 'The top-level argument to vary.' }),
          values: Type.Array(Type.Unsafe<JsonValue>({}), {
            minItems: 2,
            maxItems: MAX_RESPONSE_VARIANTS,
            description: `The values to call it with, smallest first (2-${MAX_RESPONSE_VARIANTS}); one call each.`,
          }),
        },
        {
          additionalProperties: false,
          description: 'One argument varied over declared values; without it, one call with arguments as written.',
        },
      ),
    ),
    max_response_tokens: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The most estimated tokens (bytes ÷ 4) any one response may cost.' }),
    ),
    max_growth: Type.Optional(
      Type.Number({
        minimum: 1,
        description:
          'The most the response may grow from the first value to the last (a ratio of bytes) while still growing at the last step.',
      }),
    ),
    max_inline_blob_bytes: Type.Optional(
      Type.Integer({
        minimum: 0,
        default: DEFAULT_MAX_INLINE_BLOB_BYTES,
        description: 'The largest inline blob (base64 characters) a response may carry.',
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type ResponseCostParams = Static<typeof params>;

/** init's starter case: a read-only tool (else any callable one, with a TODO) within 2,000 tokens a response. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const measured = pickTool(tools, [all(readOnly, complete), readOnly]);
  const tool = measured ?? pickTool(tools, CALLABLE);
  if (tool === undefined) return undefined;
  return {
    comments: measured
      ? [
          'One response may cost at most max_response_tokens (bytes ÷ 4); add `vary: { field, values }` to see how it grows with an argument.',
        ]
      : [
          'TODO: no tool is annotated readOnlyHint: true and openWorldHint: false, so this case is skipped (mutation-not-allowed) and sends nothing.',
          'Add `read_only: true` only for a tool that only reads, or declare a sandbox and run with --allow-mutation.',
        ],
    entries: [
      { key: 'id', value: 'response-cost' },
      { key: 'probe', value: 'response-cost' },
      ...callEntries(tool),
      { key: 'max_response_tokens', value: 2000, todo: 'your budget for one response' },
    ],
  };
}

function capitalized(kind: ContentKind): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

function sizeMeasurements(size: ResponseSize): Record<string, number> {
  const byKind = Object.fromEntries(CONTENT_KINDS.map((kind) => [`${kind}Bytes`, size.byKind[kind]]));
  return { bytes: size.bytes, tokens: estimateTokens(size.bytes), ...byKind, inlineBlobBytes: size.largestInlineBlobBytes };
}

/**
 * What a tool's responses cost a model's context, per declared argument variant: bytes and
 * estimated tokens (bytes ÷ 4, as token-cost) in total and per content kind. Responses are measured
 * in memory only; the record carries numbers.
 */
export const responseCost = defineCheck<Static<typeof params>, ResponseCostLabel>({
  id: 'response-cost',
  kind: 'probe',
  title: 'Response cost',
  summary:
    'Each response of a read-only tool, over declared argument variants, stays within max_response_tokens, stops growing within max_growth, and links rather than inlines large blobs.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<ResponseCostLabel>> {
    const { tool } = params;
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);

    const { vary } = params;
    const variants: JsonObject[] =
      vary === undefined ? [params.arguments] : vary.values.map((value) => ({ ...params.arguments, [vary.field]: value }));
    const maxBlob = params.max_inline_blob_bytes ?? DEFAULT_MAX_INLINE_BLOB_BYTES;
    const sizes: ResponseSize[] = [];
    const findings: Finding[] = [];
    for (const [index, args] of variants.entries()) {
      const call = classifyCall(await callTool(ctx, ctx.connection, tool, args));
      if (call.kind !== 'success') {
        const code: Record<string, number> = call.kind === 'rpc-error' ? { jsonRpcCode: call.error.code } : {};
        return {
          status: 'fail',
          label: 'call-failed',
          tool,
          measurements: { variants: variants.length, variant: index + 1, ...code },
          findings,
        };
      }
      const size = measureResponse(call.result);
      sizes.push(size);
      const tokens = estimateTokens(size.bytes);
      const over = params.max_response_tokens !== undefined && tokens > params.max_response_tokens;
      const label = over ? 'variant-over-budget' : size.largestInlineBlobBytes > maxBlob ? 'variant-blob-inlined' : 'variant-cost';
      const pointer = vary === undefined ? 'arguments' : `/vary/values/${index}`;
      findings.push({ label, tool, pointer, measurements: { variant: index + 1, ...sizeMeasurements(size) } });
    }

    const first = sizes[0]?.bytes ?? 0;
    const last = sizes.at(-1)?.bytes ?? 0;
    const previous = sizes.at(-2)?.bytes ?? last;
    const growth = first > 0 ? last / first : 1;
    const stillGrowing = sizes.length >= 2 && last > previous * (1 + GROWTH_PLATEAU_TOLERANCE);
    const largestBytes = Math.max(0, maxOf(sizes.map((s) => s.bytes)));
    const largestBlob = Math.max(0, maxOf(sizes.map((s) => s.largestInlineBlobBytes)));
    const totals = Object.fromEntries(
      CONTENT_KINDS.map((kind) => [`total${capitalized(kind)}Bytes`, sizes.reduce((sum, s) => sum + s.byKind[kind], 0)]),
    );
    const measurements = {
      variants: variants.length,
      largestResponseBytes: largestBytes,
      largestResponseTokens: estimateTokens(largestBytes),
      firstResponseBytes: first,
      lastResponseBytes: last,
      growth,
      stillGrowing: stillGrowing ? 1 : 0,
      largestInlineBlobBytes: largestBlob,
      ...totals,
      maxInlineBlobBudgetBytes: maxBlob,
      ...(params.max_response_tokens === undefined ? {} : { maxResponseTokensBudget: params.max_response_tokens }),
      ...(params.max_growth === undefined ? {} : { maxGrowthBudget: params.max_growth }),
    };
    if (findings.some((f) => f.label === 'variant-over-budget'))
      return { status: 'fail', label: 'response-over-budget', tool, measurements, findings };
    if (largestBlob > maxBlob) return { status: 'fail', label: 'blob-inlined', tool, measurements, findings };
    if (params.max_growth !== undefined && stillGrowing && growth > params.max_growth) {
      return { status: 'fail', label: 'unbounded-growth', tool, measurements, findings };
    }
    return { status: 'pass', label: 'within-budget', tool, measurements, findings };
  },
});
