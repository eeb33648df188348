import { createHash } from 'node:crypto';
import { isRecord } from '@mcp-eval/protocol';

import type { ModelTool } from '../models/model-port.js';

/** Catalog sizes catalog-scaling measures, as multiples of the real catalog. */
export const SCALING_FACTORS = [1, 2, 4] as const;
export type ScalingFactor = (typeof SCALING_FACTORS)[number];

/**
 * Most tools one scaled catalog may hold (real ones and distractors); a catalog whose 4× would pass
 * it gets only the distractors that fit, and catalog-scaling reports the sizes it reached.
 */
export const MAX_SCALED_CATALOG_TOOLS = 2048;

// Qualifiers a near-duplicate's name and description take; fixed, so every run builds the same catalog.
const QUALIFIERS = ['legacy', 'v2', 'batch', 'draft', 'cached', 'internal', 'preview', 'bulk', 'alt', 'archived', 'beta', 'mirror'];
const MAX_TOOL_NAME = 128;

function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .join(' ')
    .toLowerCase();
}

/** The property names of a schema, for the distractor's description (names only, never a description). */
function propertyNames(schema: ModelTool['inputSchema']): string[] {
  return isRecord(schema.properties) ? Object.keys(schema.properties).slice(0, 8) : [];
}

/** A deterministic order of the qualifiers for one tool: the seed and the tool's name pick it. */
function qualifiersFor(seed: string, name: string): string[] {
  const digest = createHash('sha256').update(`${seed}\0${name}`).digest();
  return QUALIFIERS.map((q, i) => ({ q, k: digest[i % digest.length] ?? 0 }))
    .sort((a, b) => a.k - b.k || (a.q < b.q ? -1 : 1))
    .map((x) => x.q);
}

/**
 * `count` synthetic near-duplicates of the real tools, round-robin over the catalog: each takes a
 * real tool's name with a qualifier (`<name>_<qualifier>`), a description written only from that
 * name's words and its parameter names, and the real tool's input schema. They are handed to the
 * model under test, never sent to the server. The same tools and seed give the same distractors.
 */
export function syntheticDistractors(tools: readonly ModelTool[], count: number, seed: string): ModelTool[] {
  if (tools.length === 0 || count <= 0) return [];
  const taken = new Set(tools.map((t) => t.name));
  const out: ModelTool[] = [];
  const orders = new Map<string, string[]>();
  for (let i = 0; out.length < count && i < count * 4; i += 1) {
    const base = tools[i % tools.length] as ModelTool;
    const round = Math.floor(i / tools.length);
    let order = orders.get(base.name);
    if (order === undefined) {
      order = qualifiersFor(seed, base.name);
      orders.set(base.name, order);
    }
    const qualifier = `${order[round % order.length] ?? 'alt'}${round >= order.length ? String(Math.floor(round / order.length) + 1) : ''}`;
    const name = `${base.name.slice(0, MAX_TOOL_NAME - qualifier.length - 1)}_${qualifier}`;
    if (taken.has(name)) continue;
    taken.add(name);
    const params = propertyNames(base.inputSchema);
    const description = `${qualifier} variant of ${words(base.name)}.` + (params.length === 0 ? '' : ` Takes ${params.join(', ')}.`);
    out.push({ name, description, inputSchema: base.inputSchema });
  }
  return out;
}

/** The catalog at `factor` × its size (capped at `MAX_SCALED_CATALOG_TOOLS`): the real tools first, then the distractors. */
export function scaledCatalog(tools: readonly ModelTool[], factor: ScalingFactor, seed: string): ModelTool[] {
  const target = Math.min(tools.length * factor, Math.max(tools.length, MAX_SCALED_CATALOG_TOOLS));
  return [...tools, ...syntheticDistractors(tools, target - tools.length, seed)];
}
