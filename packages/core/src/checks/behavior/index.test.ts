import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { documentsLabel } from '../../testing/documents-label.js';
import { BEHAVIOR_CHECK_REGISTRY, behaviorCaseChecks, behaviorChecks, findBehaviorCheck } from './index.js';

const checksDir = fileURLToPath(new URL('.', import.meta.url));
const docsDir = fileURLToPath(new URL('../../../../../docs/checks/', import.meta.url));
const architecture = fileURLToPath(new URL('../../../../../docs/architecture.md', import.meta.url));
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** Modules here that are not checks. */
const SUPPORT = ['index', 'behavior-check', 'behavior-params'];

describe('the behavior check registry', () => {
  it('lists every behavior check module once, keyed by its id, which is its file name', () => {
    const modules = readdirSync(checksDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3))
      .filter((f) => !SUPPORT.includes(f));
    expect(Object.keys(BEHAVIOR_CHECK_REGISTRY).sort()).toEqual(modules.sort());
    for (const [key, check] of Object.entries(BEHAVIOR_CHECK_REGISTRY)) expect(check.id).toBe(key);
    // The golden-case checks come first (argument-correctness, which no case names, among them), then the catalog-only ones.
    const firstCatalog = behaviorChecks.findIndex((c) => c.catalog !== undefined);
    expect(firstCatalog).toBeGreaterThan(0);
    expect(behaviorChecks.slice(firstCatalog).every((c) => c.catalog !== undefined && c.caseKind)).toBe(true);
    expect(behaviorChecks.filter((c) => !c.caseKind).map((c) => c.catalog)).toEqual([undefined]);
    expect(behaviorCaseChecks).toEqual(behaviorChecks.filter((c) => c.caseKind));
    expect(findBehaviorCheck('no-call')).toBe(BEHAVIOR_CHECK_REGISTRY['no-call']);
    expect(findBehaviorCheck('constructor')).toBeUndefined();
  });

  it.each(behaviorChecks.map((c) => [c.id, c] as const))('%s is well formed, tested and documented', (id, check) => {
    expect(id).toMatch(KEBAB);
    expect(check.kind).toBe('behavior');
    expect(check.params).toMatchObject({ type: 'object', additionalProperties: false });
    const labels = Object.keys(check.labels);
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(KEBAB);
    expect(existsSync(`${checksDir}${id}.test.ts`), `${id}.test.ts`).toBe(true);
    const page = readFileSync(`${docsDir}${id}.md`, 'utf8');
    expect(page.startsWith(`# ${id} (behavior)\n`)).toBe(true);
    for (const label of labels) expect(documentsLabel(page, label), `label ${label}`).toBe(true);
    for (const param of Object.keys(check.params.properties as object)) expect(page, `parameter ${param}`).toContain(`\`${param}\``);
    // What the cache may hold is the check's own labels (a catalog-only check's units may also be `correct` / `incorrect`).
    const own = new Set([...labels, ...(check.catalog === undefined ? [] : ['correct', 'incorrect'])]);
    for (const label of check.cacheable.keys()) expect(own.has(label), `cacheable ${label}`).toBe(true);
  });

  it('is the recipe docs/architecture.md gives: a definition, its test, its docs page and one registry line', () => {
    const recipe =
      readFileSync(architecture, 'utf8')
        .split(/^## /m)
        .find((s) => s.startsWith('Adding a behavior check\n')) ?? '';
    const files = [...recipe.matchAll(/^\| `([^`]+)` \|/gm)].map(([, file]) => file);
    expect(files).toEqual([
      'packages/core/src/checks/behavior/<id>.ts',
      'packages/core/src/checks/behavior/<id>.test.ts',
      'docs/checks/<id>.md',
      'packages/core/src/checks/behavior/index.ts',
    ]);
  });
});
