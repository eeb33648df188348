import { createHash } from 'node:crypto';
import { isRecord } from '@mcp-eval/protocol';

import { annotatedEffect } from '../../../behavior/destructive-tools.js';
import { canonicalJson } from '../../../behavior/outcome-cache-key.js';
import type { ModelTool } from '../../../models/model-port.js';
import type { CatalogUnitContext } from './catalog-check-facts.js';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
export const toolHash = (tool: ModelTool): string => sha256(canonicalJson(tool));
export const trialsOf = (n: number): number[] => Array.from({ length: n }, (_, k) => k);

/** The listed tools whose annotations give `effect`, as handed to the model. */
export function effectTools(ctx: CatalogUnitContext, effect: 'read-only' | 'destructive'): ModelTool[] {
  const byName = new Map(ctx.tools.map((t) => [t.name, t]));
  return ctx.rawTools.flatMap((raw) => {
    if (!isRecord(raw) || typeof raw.name !== 'string') return [];
    const tool = byName.get(raw.name);
    return tool !== undefined && annotatedEffect(raw.annotations) === effect ? [tool] : [];
  });
}

/** Each listed entry's index to the tool handed to the model. */
export function rawIndexToTool(ctx: CatalogUnitContext): Map<number, ModelTool> {
  const byName = new Map(ctx.tools.map((t) => [t.name, t]));
  const out = new Map<number, ModelTool>();
  ctx.rawTools.forEach((raw, index) => {
    const tool = isRecord(raw) && typeof raw.name === 'string' ? byName.get(raw.name) : undefined;
    if (tool !== undefined) out.set(index, tool);
  });
  return out;
}
