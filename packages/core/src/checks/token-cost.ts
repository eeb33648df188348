import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { listTools } from '../catalog/list-tools.js';
import type { JsonObject } from '../connection.js';
import type { Finding } from '../record.js';

export interface TokenCostParams {
  readonly max_total_tokens: number;
  readonly max_tool_tokens?: number;
}

const LABELS = {
  'within-budget': 'The catalog and every tool entry stay within the token budgets.',
  'total-over-budget': 'The whole catalog costs more than max_total_tokens.',
  'tool-over-budget': 'At least one tool entry costs more than max_tool_tokens (see the findings).',
  'tool-tokens': 'Finding: the estimated tokens of one tool entry, within max_tool_tokens (or none was set).',
  'tool-over-limit': 'Finding: this tool entry costs more than max_tool_tokens.',
  'catalog-unreadable': 'tools/list could not be walked to the end (a malformed page, a duplicate, a cursor loop, an error or no answer); run the pagination probe for the cause.',
} as const;

export type TokenCostLabel = keyof typeof LABELS;

/** Bytes per token: a deterministic, model-independent estimate (no tokenizer is involved). */
const BYTES_PER_TOKEN = 4;

/** The complete entry as a model sees it: name, description and input schema, nothing else. */
export function entryBytes(tool: JsonObject): number {
  const entry = {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    ...(tool.inputSchema === undefined ? {} : { inputSchema: tool.inputSchema }),
  };
  return Buffer.byteLength(JSON.stringify(entry), 'utf8');
}

/** token-cost's estimate for one tool entry: its bytes ÷ 4, rounded up (init sizes its budgets with it). */
export function entryTokens(tool: JsonObject): number {
  return Math.ceil(entryBytes(tool) / BYTES_PER_TOKEN);
}

/**
 * Estimates what the catalog costs a model's context: per tool, encoded bytes ÷ 4 rounded up.
 * Descriptions and schemas are only measured in memory; the record carries names and numbers.
 */
export const tokenCost = defineCheck<TokenCostParams, TokenCostLabel>({
  id: 'token-cost',
  kind: 'probe',
  title: 'Token cost',
  summary: 'The tool catalog (name, description and input schema per tool, bytes ÷ 4) fits within max_total_tokens, and each tool within max_tool_tokens.',
  params: {
    type: 'object',
    additionalProperties: false,
    required: ['max_total_tokens'],
    properties: {
      max_total_tokens: {
        type: 'integer',
        minimum: 1,
        description: 'The most estimated tokens the whole catalog may cost.',
      },
      max_tool_tokens: {
        type: 'integer',
        minimum: 1,
        description: 'The most estimated tokens one tool entry may cost; unchecked when omitted.',
      },
    },
  },
  labels: LABELS,
  async run(ctx, params): Promise<Outcome<TokenCostLabel>> {
    const walk = await listTools(ctx, ctx.connection);
    if (walk.problem !== undefined) {
      return { status: 'fail', label: 'catalog-unreadable', measurements: { pages: walk.pages, tools: walk.items.length } };
    }
    const limit = params.max_tool_tokens;
    let totalTokens = 0;
    let largestToolTokens = 0;
    let toolsOverLimit = 0;
    const findings: Finding[] = walk.items.map((tool) => {
      const bytes = entryBytes(tool);
      const tokens = Math.ceil(bytes / BYTES_PER_TOKEN);
      totalTokens += tokens;
      largestToolTokens = Math.max(largestToolTokens, tokens);
      const over = limit !== undefined && tokens > limit;
      if (over) toolsOverLimit += 1;
      return { label: over ? 'tool-over-limit' : 'tool-tokens', tool: String(tool.name), measurements: { tokens, bytes } };
    });
    const measurements = { tools: walk.items.length, totalTokens, largestToolTokens, toolsOverLimit };
    if (totalTokens > params.max_total_tokens) return { status: 'fail', label: 'total-over-budget', measurements, findings };
    if (toolsOverLimit > 0) return { status: 'fail', label: 'tool-over-budget', measurements, findings };
    return { status: 'pass', label: 'within-budget', measurements, findings };
  },
});
