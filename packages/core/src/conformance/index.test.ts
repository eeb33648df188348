import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { documentsLabel } from '../testing/documents-label.js';
import { NO_PARAMS } from './support/no-params.js';
import { CONFORMANCE_CHECKS, conformanceChecks, findConformanceCheck } from './index.js';

const conformanceDir = fileURLToPath(new URL('.', import.meta.url));
const docsDir = fileURLToPath(new URL('../../../../docs/conformance/', import.meta.url));
const architecture = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** Modules here that are not assertions: the runner. */
const NOT_ASSERTIONS = ['index', 'run-conformance'];

describe('the conformance registry', () => {
  it('lists every assertion module once, keyed by its id, which is its file name', () => {
    const modules = readdirSync(conformanceDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3))
      .filter((m) => !NOT_ASSERTIONS.includes(m));
    expect(Object.keys(CONFORMANCE_CHECKS).sort()).toEqual(modules.sort());
    for (const [key, check] of Object.entries(CONFORMANCE_CHECKS)) expect(check.id).toBe(key);
    expect(conformanceChecks).toEqual(Object.values(CONFORMANCE_CHECKS));
    expect(findConformanceCheck('cache-fields')).toBe(CONFORMANCE_CHECKS['cache-fields']);
    expect(findConformanceCheck('nope')).toBeUndefined();
    expect(findConformanceCheck('constructor')).toBeUndefined();
  });

  it.each(conformanceChecks.map((c) => [c.id, c] as const))('%s is well formed, tested and documented', (id, check) => {
    expect(id).toMatch(KEBAB);
    expect(check.kind).toBe('conformance');
    expect(check.params).toBe(NO_PARAMS);
    expect(check.title.length).toBeGreaterThan(0);
    expect(check.summary.length).toBeGreaterThan(0);
    const labels = Object.keys(check.labels);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(KEBAB);
    expect(existsSync(`${conformanceDir}${id}.test.ts`), `${id}.test.ts`).toBe(true);
    const page = readFileSync(`${docsDir}${id}.md`, 'utf8');
    expect(page.startsWith(`# ${id} (conformance`)).toBe(true);
    for (const label of labels) expect(documentsLabel(page, label), `label ${label}`).toBe(true);
  });

  it('is the recipe docs/architecture.md gives: a module, its test, its docs page and one registry line', () => {
    const recipe =
      readFileSync(architecture, 'utf8')
        .split(/^## /m)
        .find((s) => s.startsWith('Adding a conformance assertion\n')) ?? '';
    const files = [...recipe.matchAll(/^\| `([^`]+)` \|/gm)].map(([, file]) => file);
    expect(files).toEqual([
      'packages/core/src/conformance/<id>.ts',
      'packages/core/src/conformance/<id>.test.ts',
      'docs/conformance/<id>.md',
      'packages/core/src/conformance/index.ts',
    ]);
  });
});
