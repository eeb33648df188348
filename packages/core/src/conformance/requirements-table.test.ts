import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { CONFORMANCE_CHECKS, conformanceChecks, findConformanceCheck } from './index.js';

const page = readFileSync(fileURLToPath(new URL('../../../../docs/conformance/requirements.md', import.meta.url)), 'utf8');

const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
type Revision = (typeof REVISIONS)[number];
type Level = 'MUST' | 'SHOULD' | 'text';

interface Row {
  readonly revision: Revision;
  readonly key: string;
  readonly level: Level;
  readonly assertions: readonly string[];
  readonly unobservable: boolean;
}

function cells(line: string): string[] {
  return line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
}

/** The rows of each revision's table: `| # | section | level | requirement | checked by |`. */
function rows(): Row[] {
  const found: Row[] = [];
  for (const revision of REVISIONS) {
    const section = page.split(/^## /m).find((s) => s.startsWith(`${revision}\n`)) ?? '';
    for (const line of section.split('\n').filter((l) => /^\| [LM]\d+ \|/.test(l))) {
      const [key = '', , level = '', , checkedBy = ''] = cells(line);
      expect(['MUST', 'SHOULD', 'text'], `${key} level`).toContain(level);
      const assertions = [...checkedBy.matchAll(/`([a-z0-9-]+)`/g)].map(([, id]) => id ?? '');
      const unobservable = checkedBy.startsWith('unobservable: ');
      const uncovered = checkedBy === 'not yet covered';
      // Exactly one of: assertion ids, a reason it cannot be seen, or an honest gap.
      expect([assertions.length > 0, unobservable, uncovered].filter(Boolean), `${key}: ${checkedBy}`).toHaveLength(1);
      found.push({ revision, key, level: level as Level, assertions, unobservable });
    }
  }
  return found;
}

/** The counts the table implies, written as the page writes them. */
function countLine(revision: Revision, all: readonly Row[]): string {
  const of = (level: Level) => all.filter((r) => r.revision === revision && r.level === level && !r.unobservable);
  const covered = (list: readonly Row[]) => list.filter((r) => r.assertions.length > 0).length;
  const must = of('MUST');
  const should = of('SHOULD');
  const unobservable = all.filter((r) => r.revision === revision && r.level !== 'text' && r.unobservable).length;
  return `| ${revision} | ${covered(must)} / ${must.length} | ${covered(should)} / ${should.length} | ${unobservable} |`;
}

describe('docs/conformance/requirements.md', () => {
  const table = rows();

  it('has rows for both revisions, each key once', () => {
    for (const revision of REVISIONS) expect(table.filter((r) => r.revision === revision).length).toBeGreaterThan(40);
    const keys = table.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names only assertions that exist, each citing the row in its definition', () => {
    for (const row of table) {
      for (const id of row.assertions) {
        expect(Object.hasOwn(CONFORMANCE_CHECKS, id), `${row.key}: ${id}`).toBe(true);
        expect(findConformanceCheck(id)?.requirements, `${id} cites ${row.key}`).toContain(row.key);
      }
    }
  });

  it.each(conformanceChecks.map((c) => [c.id, c.requirements ?? []] as const))(
    '%s cites rows the table has, each one the table says is checked',
    (id, requirements) => {
      expect(requirements.length, `${id} cites no requirement`).toBeGreaterThan(0);
      expect(new Set(requirements).size).toBe(requirements.length);
      for (const key of requirements) {
        const row = table.find((r) => r.key === key);
        expect(row, `${id}: no row ${key}`).toBeDefined();
        // A row that says unobservable or not yet covered is wrong once an assertion checks it.
        expect(row?.assertions.length, `${id}: row ${key} names no assertion`).toBeGreaterThan(0);
      }
    },
  );

  it('states the counts the table implies', () => {
    const block = /<!-- counts:start -->\n([\s\S]*?)<!-- counts:end -->/.exec(page)?.[1] ?? '';
    const stated = block.split('\n').filter((l) => /^\| 20\d\d-/.test(l));
    expect(stated).toEqual(REVISIONS.map((revision) => countLine(revision, table)));
  });
});
