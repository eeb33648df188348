import { maxOf } from '@mcp-eval/protocol';
import Type, { type Static } from 'typebox';
import type { JsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { evaluatedNothing } from '../evaluated-nothing.js';
import { MAX_ITEM_DEPTH } from '../catalog/catalog-budget.js';
import { listTools } from '../catalog/list-tools.js';
import { measureJson } from '../catalog/measure-json.js';
import { TOOL_ENTRY_MEMBERS } from '../catalog/tool-entry.js';
import type { Finding } from '../record.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { plural, roundUp } from '../starter/call-entries.js';

const LABELS = {
  'within-budget': 'The catalog and every tool entry stay within the token budgets.',
  'total-over-budget': 'The whole catalog costs more than max_total_tokens.',
  'tool-over-budget': 'At least one tool entry costs more than max_tool_tokens (see the findings).',
  'tool-tokens': 'Finding: the estimated tokens of one tool entry, within max_tool_tokens (or none was set).',
  'tool-over-limit': 'Finding: this tool entry costs more than max_tool_tokens.',
  'catalog-unreadable':
    'Skipped: tools/list could not be walked to the end (a malformed page, a duplicate, a cursor loop, an error or no answer), so no cost was measured; run the pagination probe for the cause.',
  'catalog-budget-exceeded':
    'The tools/list pages received passed the catalog budget (server.max_catalog_bytes or max_catalog_tools), so the walk was stopped.',
  'schema-too-deep': `Within the token budgets, but at least one tool entry nests deeper than ${MAX_ITEM_DEPTH} levels (see the findings).`,
  'tool-too-deep': `Finding: this tool entry nests deeper than ${MAX_ITEM_DEPTH} levels; its tokens are still counted.`,
} as const;

export type TokenCostLabel = keyof typeof LABELS;

/** Bytes per token: a deterministic, model-independent estimate (no tokenizer is involved). */
const BYTES_PER_TOKEN = 4;

/** The complete entry as a model sees it: name, description and input schema, nothing else. */
export function entryBytes(tool: JsonObject): number {
  const entry: Record<string, unknown> = {};
  for (const member of TOOL_ENTRY_MEMBERS) if (Object.hasOwn(tool, member)) entry[member] = tool[member];
  return measureJson(entry).bytes;
}

/** The token estimate of `bytes` of JSON: bytes ÷ 4, rounded up (response-cost uses it too). */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

/** token-cost's estimate for one tool entry: its bytes ÷ 4, rounded up (init sizes its budgets with it). */
export function entryTokens(tool: JsonObject): number {
  return estimateTokens(entryBytes(tool));
}

const params = Type.Object(
  {
    max_total_tokens: Type.Integer({ minimum: 1, description: 'The most estimated tokens the whole catalog may cost.' }),
    max_tool_tokens: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The most estimated tokens one tool entry may cost; unchecked when omitted.' }),
    ),
  },
  { additionalProperties: false },
);

export type TokenCostParams = Static<typeof params>;

/** Headroom over today's tokens in init's starter case: the catalog, and one tool. */
const STARTER_TOTAL_TOKENS_HEADROOM = 1.25;
const STARTER_TOOL_TOKENS_HEADROOM = 1.5;

/** init's starter case: today's estimate with about 25% room for the catalog and 50% for one tool. */
function starter({ catalog }: StarterInput): StarterCase {
  // token-cost's own measure (name, description and input schema, bytes ÷ 4), so today passes.
  const perTool = catalog.map(entryTokens);
  const total = perTool.reduce((sum, tokens) => sum + tokens, 0);
  const largest = Math.max(0, maxOf(perTool));
  const maxTotal = roundUp(total * STARTER_TOTAL_TOKENS_HEADROOM + 1, 100);
  // One tool can never cost more than the whole catalog may.
  const maxTool = Math.min(roundUp(largest * STARTER_TOOL_TOKENS_HEADROOM + 1, 50), maxTotal);
  return {
    comments: [
      `token-cost measures ${plural(total, 'token')} today, ${largest} for the largest tool (name, description and input schema, bytes ÷ 4).`,
      'The budgets leave about 25% room for the catalog and 50% for one tool (never more than the catalog).',
    ],
    entries: [
      { key: 'id', value: 'token-budget' },
      { key: 'probe', value: 'token-cost' },
      { key: 'max_total_tokens', value: maxTotal },
      { key: 'max_tool_tokens', value: maxTool },
    ],
  };
}

/**
 * Estimates what the catalog costs a model's context: per tool, encoded bytes ÷ 4 rounded up.
 * Descriptions and schemas are only measured in memory; the record carries names and numbers.
 */
export const tokenCost = defineCheck<Static<typeof params>, TokenCostLabel>({
  id: 'token-cost',
  kind: 'probe',
  title: 'Token cost',
  summary:
    'The tool catalog (name, description and input schema per tool, bytes ÷ 4) fits within max_total_tokens, and each tool within max_tool_tokens.',
  params,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<TokenCostLabel>> {
    const walk = await listTools(ctx, ctx.connection);
    if (walk.problem === 'budget-exceeded')
      return { status: 'fail', label: 'catalog-budget-exceeded', measurements: { pages: walk.pages } };
    // A cost of a catalog not read whole would be a wrong number: none is recorded.
    if (walk.problem !== undefined) return evaluatedNothing('catalog-unreadable', { pages: walk.pages });
    const limit = params.max_tool_tokens;
    let totalTokens = 0;
    let largestToolTokens = 0;
    let toolsOverLimit = 0;
    const tooDeep = new Set(walk.tooDeep);
    // Listing order is lost between the two arrays; entries too deep follow the others.
    const findings: Finding[] = [...walk.items, ...walk.tooDeep].map((tool) => {
      // Measured once, as the walk received the tool; entryBytes only for a walk that did not.
      const bytes = walk.entryBytes.get(tool) ?? entryBytes(tool);
      const tokens = estimateTokens(bytes);
      totalTokens += tokens;
      largestToolTokens = Math.max(largestToolTokens, tokens);
      const over = limit !== undefined && tokens > limit;
      if (over) toolsOverLimit += 1;
      const label = over ? 'tool-over-limit' : tooDeep.has(tool) ? 'tool-too-deep' : 'tool-tokens';
      return { label, tool: String(tool.name), measurements: { tokens, bytes } };
    });
    const measurements = {
      tools: walk.items.length + walk.tooDeep.length,
      totalTokens,
      largestToolTokens,
      toolsOverLimit,
      toolsTooDeep: tooDeep.size,
      // The budgets beside the numbers, so a report (its token chart's budget line) can show what was judged against.
      maxTotalTokens: params.max_total_tokens,
      ...(limit === undefined ? {} : { maxToolTokens: limit }),
    };
    if (totalTokens > params.max_total_tokens) return { status: 'fail', label: 'total-over-budget', measurements, findings };
    if (toolsOverLimit > 0) return { status: 'fail', label: 'tool-over-budget', measurements, findings };
    if (tooDeep.size > 0) return { status: 'fail', label: 'schema-too-deep', measurements, findings };
    return { status: 'pass', label: 'within-budget', measurements, findings };
  },
});
