import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { EngineCase } from '../engine/evaluate.js';
import { isRepeatableRead } from '../calls/tool-annotations.js';
import { degradationOverN } from '../checks/degradation-over-n.js';
import { discoveryCost } from '../checks/discovery-cost.js';
import { latencyBudget } from '../checks/latency-budget.js';
import { pagination } from '../checks/pagination.js';
import { surfaceListing } from '../checks/surface-listing.js';
import { tokenCost } from '../checks/token-cost.js';
import { isValidToolName } from '../tool-name.js';
import { SCAN_DEFAULTS } from './scan-defaults.js';

/** The catalog cases of a scan: they read listings only, so they need no tool chosen. */
export function scanCatalogCases(): EngineCase[] {
  const d = SCAN_DEFAULTS;
  return [
    { id: 'discovery-cost', check: discoveryCost, params: { max_tools: d.maxTools, max_schema_bytes: d.maxSchemaBytes } },
    { id: 'token-cost', check: tokenCost, params: { max_total_tokens: d.maxTotalTokens, max_tool_tokens: d.maxToolTokens } },
    { id: 'pagination', check: pagination, params: { max_pages: d.maxPages } },
    { id: 'surface-listing', check: surfaceListing, params: { max_pages: d.maxPages } },
  ];
}

/**
 * The tools a scan may call, in catalog order, at most `maxTimedTools`: the server annotates them
 * `readOnlyHint: true` and `openWorldHint: false` (open-world is the spec's default, and a scan
 * must not make the server reach elsewhere dozens of times), their names are valid, and their
 * input schema requires nothing, so `{}` is a complete call. MCP Eval never guesses an argument
 * value for a scan.
 */
export function scanTimedTools(tools: readonly JsonObject[]): string[] {
  const chosen: string[] = [];
  for (const tool of tools) {
    if (chosen.length >= SCAN_DEFAULTS.maxTimedTools) break;
    const name = tool.name;
    if (typeof name !== 'string' || !isValidToolName(name) || !isRepeatableRead(tool)) continue;
    if (!requiresNothing(tool.inputSchema)) continue;
    chosen.push(name);
  }
  return chosen;
}

/** One latency-budget case per tool, called with `{}`; the server's own annotation opens the mutation gate. */
export function scanLatencyCases(tools: readonly string[]): EngineCase[] {
  return tools.map((tool) => ({
    id: `latency-budget/${tool}`,
    check: latencyBudget,
    params: { tool, arguments: {}, max_latency_ms: SCAN_DEFAULTS.maxLatencyMs, max_attempts: SCAN_DEFAULTS.latencyAttempts },
  }));
}

/** One degradation-over-n case per tool (a scan runs these only on tools that met the latency budget). */
export function scanDegradationCases(tools: readonly string[]): EngineCase[] {
  return tools.map((tool) => ({
    id: `degradation-over-n/${tool}`,
    check: degradationOverN,
    params: { tool, arguments: {}, max_attempts: SCAN_DEFAULTS.degradationAttempts },
  }));
}

/** No schema, or an object schema whose `required` is absent or empty. */
function requiresNothing(schema: unknown): boolean {
  if (schema === undefined) return true;
  if (!isRecord(schema)) return false;
  const required = schema.required;
  return required === undefined || (Array.isArray(required) && required.length === 0);
}
