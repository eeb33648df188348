import { describe, expect, it } from 'vitest';

import type { ModelTool } from '../models/model-port.js';
import { MAX_SCALED_CATALOG_TOOLS, scaledCatalog, syntheticDistractors } from './synthetic-distractors.js';

const CANARY_TEXT = 'CANARY-in-a-description';
const tools: ModelTool[] = [
  {
    name: 'get_item',
    description: `Gets an item. ${CANARY_TEXT}`,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  },
  { name: 'deleteItem', description: 'Deletes.', inputSchema: { type: 'object' } },
];

describe('synthetic distractors', () => {
  it('builds near-duplicates from names and schemas only, deterministically, with unique names', () => {
    const a = syntheticDistractors(tools, 6, 'seed');
    const b = syntheticDistractors(tools, 6, 'seed');
    expect(a).toEqual(b);
    expect(a).toHaveLength(6);
    const names = [...tools, ...a].map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const d of a) {
      expect(d.description).not.toContain(CANARY_TEXT);
      expect(d.name.length).toBeLessThanOrEqual(128);
    }
    const getVariants = a.filter((d) => d.name.startsWith('get_item_'));
    expect(getVariants).toHaveLength(3);
    expect(getVariants[0]?.inputSchema).toBe(tools[0]?.inputSchema);
    expect(getVariants[0]?.description).toMatch(/variant of get item\. Takes id\.$/);
    expect(a.find((d) => d.name.startsWith('deleteItem_'))?.description).toMatch(/variant of delete item\.$/);
    // Another seed orders the qualifiers another way.
    expect(syntheticDistractors(tools, 6, 'other').map((d) => d.name)).not.toEqual(a.map((d) => d.name));
  });

  it('scales the catalog to 1×, 2× and 4×, real tools first, capped at MAX_SCALED_CATALOG_TOOLS', () => {
    expect(scaledCatalog(tools, 1, 's')).toEqual(tools);
    expect(scaledCatalog(tools, 2, 's')).toHaveLength(4);
    expect(scaledCatalog(tools, 4, 's').slice(0, 2)).toEqual(tools);
    expect(scaledCatalog(tools, 4, 's')).toHaveLength(8);
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `t${String(i)}`, inputSchema: { type: 'object' } }));
    expect(scaledCatalog(many, 4, 's')).toHaveLength(MAX_SCALED_CATALOG_TOOLS);
  });

  it('keeps long names within 128 characters', () => {
    const long = [{ name: 'x'.repeat(128), inputSchema: { type: 'object' } }];
    for (const d of syntheticDistractors(long, 30, 's')) expect(d.name.length).toBeLessThanOrEqual(128);
    expect(new Set(syntheticDistractors(long, 30, 's').map((d) => d.name)).size).toBe(30);
  });
});
