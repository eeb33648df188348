import { describe, expect, it } from 'vitest';

import { lintCatalog } from './lint-catalog.js';
import {
  DESCRIPTION_WEIGHT,
  descriptionWords,
  editSimilarity,
  findNearDuplicates,
  NAME_WEIGHT,
  NEAR_DUPLICATE_THRESHOLD,
  PROPERTY_WEIGHT,
  sortedJaccard,
} from './near-duplicates.js';
import type { CatalogTool } from './read-catalog.js';
import { readCatalog } from './read-catalog.js';

/** mulberry32: a small seeded generator, so the large catalogs are the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface SyntheticTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown> };
}

/** Random descriptions over a 3,000-word vocabulary; `sharedParams` draws parameter names from 40. */
function syntheticCatalog(size: number, sharedParams: boolean): SyntheticTool[] {
  const next = random(42);
  const pick = (n: number): number => Math.floor(next() * n);
  const words = Array.from({ length: 3_000 }, (_, i) => `w${i.toString(36)}x`);
  const verbs = ['get', 'list', 'create', 'update', 'delete', 'search', 'send', 'read'];
  return Array.from({ length: size }, (_, i) => {
    const description = Array.from({ length: 12 + pick(20) }, () => words[pick(words.length)]).join(' ');
    const properties = Object.fromEntries(
      Array.from({ length: 1 + pick(4) }, (_, k) => [sharedParams ? `p${pick(40)}` : `p${i}_${k}`, { type: 'string' }]),
    );
    return {
      name: `${verbs[pick(verbs.length)]}_${words[pick(words.length)]}_${i}`,
      description,
      inputSchema: { type: 'object', properties },
    };
  });
}

/** Copies of every `step`-th tool with a new name suffix and one description word dropped. */
function plantTwins(tools: SyntheticTool[], count: number, step: number): void {
  for (let i = 0; i < count; i += 1) {
    const source = tools[i * step] as SyntheticTool;
    tools.push({ ...source, name: `${source.name}_v2`, description: source.description.split(' ').slice(1).join(' ') });
  }
}

interface Reference {
  readonly index: number;
  readonly name: string;
  readonly words: Set<string>;
  readonly props: Set<string>;
}

function reference(tool: CatalogTool): Reference {
  return {
    index: tool.index,
    name: (tool.name ?? '').toLowerCase(),
    words: descriptionWords(tool.description ?? ''),
    props: new Set(tool.properties.map((p) => p.name.toLowerCase())),
  };
}

/** The pair score straight from its definition, for a brute-force comparison. */
function score(a: Reference, b: Reference): number {
  const jaccard = (x: Set<string>, y: Set<string>): number => {
    if (x.size === 0 && y.size === 0) return 0;
    const shared = [...x].filter((v) => y.has(v)).length;
    return shared / (x.size + y.size - shared);
  };
  return (
    NAME_WEIGHT * editSimilarity(a.name, b.name) +
    DESCRIPTION_WEIGHT * jaccard(a.words, b.words) +
    PROPERTY_WEIGHT * jaccard(a.props, b.props)
  );
}

describe('near-duplicate scoring', () => {
  it('computes edit similarity, exactly above the bound and early below it', () => {
    expect(editSimilarity('get_user', 'get_users')).toBeCloseTo(8 / 9);
    expect(editSimilarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7);
    expect(editSimilarity('kitten', 'sitting', 0.9)).toBe(0);
    expect(editSimilarity('', '')).toBe(0);
  });

  it('computes Jaccard over sorted ids, two empty sets scoring 0', () => {
    expect(sortedJaccard([1, 2, 3], [2, 3, 4])).toBe(0.5);
    expect(sortedJaccard([], [])).toBe(0);
  });

  it('flags exactly the tools that comparing every pair by the definition flags', () => {
    const tools = syntheticCatalog(300, true);
    plantTwins(tools, 20, 7);
    const catalog = readCatalog(tools);
    const references = catalog.tools.map(reference);
    const expected = new Set<number>();
    references.forEach((a, i) => {
      for (const b of references.slice(i + 1)) if (score(a, b) > NEAR_DUPLICATE_THRESHOLD) expected.add(a.index).add(b.index);
    });
    expect(expected.size).toBeGreaterThanOrEqual(40);
    expect(new Set(findNearDuplicates(catalog).keys())).toEqual(expected);
  });

  it('lints a 5,000-tool catalog in bounded time and finds the planted twins', () => {
    const tools = syntheticCatalog(5_000, false);
    plantTwins(tools, 10, 97);
    const started = performance.now();
    const report = lintCatalog(tools);
    const flagged = report.cases.find((c) => c.check === 'quality-near-duplicate')?.findings?.map((f) => f.measurements?.toolIndex);
    const twins = Array.from({ length: 10 }, (_, i) => [i * 97, 5_000 + i])
      .flat()
      .sort((a, b) => a - b);
    expect(flagged).toEqual(twins);
    // Generous: well under a second on an idle laptop, a few seconds on a loaded CI machine.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('stays bounded when 5,000 tools share one description', () => {
    const tools = Array.from({ length: 5_000 }, (_, i) => ({
      name: `tool_${(i * 7_919).toString(36)}_${i}`,
      description: 'Returns the same thing as every other tool in this catalog.',
      inputSchema: { type: 'object', properties: { [`p${i}`]: { type: 'string' } } },
    }));
    const catalog = readCatalog(tools);
    const started = performance.now();
    const found = findNearDuplicates(catalog);
    expect(found.size).toBeGreaterThan(4_000);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
