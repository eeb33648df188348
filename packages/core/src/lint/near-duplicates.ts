import { normalizeText } from './match-text.js';
import type { LintCatalog } from './read-catalog.js';

/** MCP Lens's pair score: 30% name edit similarity, 40% description Jaccard, 30% property-name Jaccard. */
export const NAME_WEIGHT = 0.3;
export const DESCRIPTION_WEIGHT = 0.4;
export const PROPERTY_WEIGHT = 0.3;
/** A pair is a near-duplicate when its score is strictly above this. */
export const NEAR_DUPLICATE_THRESHOLD = 0.6;

// Words that carry no meaning between tools; left in, every pair would share a token.
const STOPWORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'with',
  'tool',
  'use',
  'used',
  'can',
  'will',
]);

export function descriptionWords(description: string): Set<string> {
  const words = new Set<string>();
  for (const word of normalizeText(description).split(/[^\p{L}\p{N}]+/u)) {
    if (word.length > 1 && !STOPWORDS.has(word)) words.add(word);
  }
  return words;
}

/** Jaccard of two sorted id arrays; two empty sets score 0 (no evidence of sameness). */
export function sortedJaccard(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared);
}

/**
 * 1 − Levenshtein distance / longer length, exact when at least `atLeast`; anything lower comes
 * back as 0 early, since the caller only needs to know it falls short.
 */
export function editSimilarity(a: string, b: string, atLeast = 0): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  const maxDistance = Math.floor((1 - Math.max(0, atLeast)) * longer + 1e-9);
  if (Math.abs(a.length - b.length) > maxDistance) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, k) => k);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > maxDistance) return 0;
    [previous, current] = [current, previous];
  }
  return 1 - (previous[b.length] as number) / longer;
}

/**
 * Each tool meets at most this many earlier tools per channel (description, parameters), found
 * through its rarest words first. Only a catalog where hundreds of tools share their words reaches
 * it; there the cap keeps the work linear (5,000 such tools would otherwise take 12.5 million
 * scorings), at the cost of possibly missing a partner found only through commoner words.
 */
export const MAX_CANDIDATES = 100;
// Posting entries read per tool and channel, counting ones already gathered.
const MAX_VISITS = 20 * MAX_CANDIDATES;

interface Item {
  readonly index: number;
  readonly name: string;
  readonly description: number[];
  readonly properties: number[];
}

/** Token ids ordered rarest first, as prefix filtering needs. */
function encode(sets: readonly Set<string>[]): number[][] {
  const frequency = new Map<string, number>();
  for (const set of sets) for (const token of set) frequency.set(token, (frequency.get(token) ?? 0) + 1);
  const order = [...frequency.keys()].sort((x, y) => (frequency.get(x) as number) - (frequency.get(y) as number) || (x < y ? -1 : 1));
  const ids = new Map(order.map((token, id) => [token, id]));
  return sets.map((set) => [...set].map((token) => ids.get(token) as number).sort((x, y) => x - y));
}

/** How many of the rarest tokens two sets at Jaccard ≥ t must share one of (AllPairs prefix). */
function prefixLength(size: number, t: number): number {
  return size === 0 ? 0 : size - Math.ceil(t * size - 1e-9) + 1;
}

export interface NearDuplicate {
  /** The index of the first tool found to pair with this one. */
  readonly other: number;
  /** That pair's score, 0-1. */
  readonly similarity: number;
}

/**
 * Every tool that has a near-duplicate, with one partner. Pairs are found without comparing all
 * n² of them: a pair above 0.6 must have description Jaccard above 0.375 or property Jaccard of at
 * least 0.5 (the name contributes at most 0.3), so candidates come from two prefix-filtered
 * inverted indexes; a pair whose tools are both already flagged is not scored again, and each tool
 * meets at most `MAX_CANDIDATES` candidates.
 */
export function findNearDuplicates(catalog: LintCatalog): Map<number, NearDuplicate> {
  // The candidate bounds below are derived for this threshold; a lower one would need others.
  const threshold = NEAR_DUPLICATE_THRESHOLD;
  const tools = catalog.tools.filter((tool) => tool.entry !== undefined);
  const descriptionIds = encode(tools.map((tool) => descriptionWords(tool.description ?? '')));
  const propertyIds = encode(tools.map((tool) => new Set(tool.properties.map((p) => p.name.toLowerCase()))));
  const items: Item[] = tools.map((tool, k) => ({
    index: tool.index,
    name: (tool.name ?? '').toLowerCase().slice(0, 128),
    description: descriptionIds[k] as number[],
    properties: propertyIds[k] as number[],
  }));
  // Minimum Jaccard each channel needs on its own when the other channel scores below its bound.
  const descriptionBound = (threshold - NAME_WEIGHT - PROPERTY_WEIGHT * 0.5) / DESCRIPTION_WEIGHT;
  const propertyBound = 0.5;

  const found = new Map<number, NearDuplicate>();
  const descriptionIndex = new Map<number, number[]>();
  const propertyIndex = new Map<number, number[]>();
  const stamp = new Int32Array(items.length).fill(-1);
  items.forEach((item, i) => {
    const candidates: number[] = [];
    // Rarest tokens first, nearest tools first within a token, until a cap is reached.
    const gather = (ids: readonly number[], bound: number, index: Map<number, number[]>): void => {
      let added = 0;
      let visits = 0;
      for (const id of ids.slice(0, prefixLength(ids.length, bound))) {
        const postings = index.get(id) ?? [];
        for (let k = postings.length - 1; k >= 0; k -= 1) {
          const j = postings[k] as number;
          if (stamp[j] !== i) {
            stamp[j] = i;
            candidates.push(j);
            added += 1;
          }
          visits += 1;
          if (added === MAX_CANDIDATES || visits === MAX_VISITS) return;
        }
      }
    };
    gather(item.description, descriptionBound, descriptionIndex);
    gather(item.properties, propertyBound, propertyIndex);
    for (const j of candidates) {
      const other = items[j] as Item;
      if (found.has(item.index) && found.has(other.index)) continue;
      const partial =
        DESCRIPTION_WEIGHT * sortedJaccard(item.description, other.description) +
        PROPERTY_WEIGHT * sortedJaccard(item.properties, other.properties);
      if (partial + NAME_WEIGHT <= threshold) continue;
      const similarity = partial + NAME_WEIGHT * editSimilarity(item.name, other.name, (threshold - partial) / NAME_WEIGHT);
      if (similarity <= threshold) continue;
      const rounded = Math.round(similarity * 100) / 100;
      if (!found.has(item.index)) found.set(item.index, { other: other.index, similarity: rounded });
      if (!found.has(other.index)) found.set(other.index, { other: item.index, similarity: rounded });
    }
    const index = (ids: readonly number[], bound: number, into: Map<number, number[]>): void => {
      for (const id of ids.slice(0, prefixLength(ids.length, bound))) {
        const list = into.get(id);
        if (list === undefined) into.set(id, [i]);
        else list.push(i);
      }
    };
    index(item.description, descriptionBound, descriptionIndex);
    index(item.properties, propertyBound, propertyIndex);
  });
  return found;
}
