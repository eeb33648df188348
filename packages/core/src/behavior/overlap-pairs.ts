import { findNearDuplicates } from '../lint/near-duplicates.js';
import { readCatalog } from '../lint/read-catalog.js';

/** Most tool pairs overlap-disambiguation asks about (each costs two generated requests and two selections per trial). */
export const MAX_OVERLAP_PAIRS = 32;

/** Two catalog positions whose tools lint's near-duplicate measure finds close. */
export interface OverlapPair {
  readonly first: number;
  readonly second: number;
}

/**
 * The pairs overlap-disambiguation tests: lint's near-duplicate measure (`findNearDuplicates`,
 * the `quality-near-duplicate` rule's) over the raw `tools/list` entries, each tool with the partner
 * it found, one pair per unordered couple, in catalog order, at most `MAX_OVERLAP_PAIRS`.
 */
export function overlapPairs(rawTools: readonly unknown[]): OverlapPair[] {
  const found = findNearDuplicates(readCatalog(rawTools));
  const seen = new Set<string>();
  const pairs: OverlapPair[] = [];
  for (const index of [...found.keys()].sort((a, b) => a - b)) {
    const other = found.get(index)?.other;
    if (other === undefined) continue;
    const first = Math.min(index, other);
    const second = Math.max(index, other);
    const key = `${String(first)}:${String(second)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ first, second });
    if (pairs.length === MAX_OVERLAP_PAIRS) break;
  }
  return pairs;
}
