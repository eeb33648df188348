import type { Finding } from '../../../record.js';
import { safeToolName } from '../../../tool-name.js';
import type { CatalogUnitResult } from './catalog-check-facts.js';

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export const sumOf = (results: readonly CatalogUnitResult[], key: string): number =>
  results.reduce((n, r) => n + (r.outcome.measurements[key] ?? 0), 0);

/** The units that got a verdict, and how many passed. */
export function judgedUnits(results: readonly CatalogUnitResult[]): { judged: CatalogUnitResult[]; passes: number; failures: number } {
  const judged = results.filter((r) => r.outcome.status === 'pass' || r.outcome.status === 'fail');
  const passes = judged.filter((r) => r.outcome.status === 'pass').length;
  return { judged, passes, failures: judged.length - passes };
}

/** Per subject, in first-seen order. */
export function bySubject(results: readonly CatalogUnitResult[]): Map<string, CatalogUnitResult[]> {
  const out = new Map<string, CatalogUnitResult[]>();
  for (const r of results) out.set(r.subject, [...(out.get(r.subject) ?? []), r]);
  return out;
}

/** A per-tool rate finding: `passLabel` when the rate of failing units is within `allowed`, else `failLabel`. */
export function rateFindings(
  results: readonly CatalogUnitResult[],
  rateName: string,
  allowed: number,
  passLabel: string,
  failLabel: (group: readonly CatalogUnitResult[]) => string,
): Finding[] {
  return [...bySubject(results)].map(([tool, group]) => {
    const failing = group.filter((r) => r.outcome.status === 'fail').length;
    const rate = round4(failing / group.length);
    return {
      label: rate > allowed ? failLabel(group) : passLabel,
      tool: safeToolName(tool),
      measurements: { [rateName]: rate, trials: group.length },
    };
  });
}
