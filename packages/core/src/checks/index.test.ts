import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { documentsLabel } from '../testing/documents-label.js';
import { CHECKS, checks, findCheck } from './index.js';

const checksDir = fileURLToPath(new URL('.', import.meta.url));
const docsDir = fileURLToPath(new URL('../../../../docs/checks/', import.meta.url));
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

describe('the check registry', () => {
  it('lists every check module once, keyed by its id, which is its file name', () => {
    const modules = readdirSync(checksDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3));
    expect(Object.keys(CHECKS).sort()).toEqual(modules.sort());
    for (const [key, check] of Object.entries(CHECKS)) expect(check.id).toBe(key);
    expect(checks).toEqual(Object.values(CHECKS));
    expect(findCheck('pagination')).toBe(CHECKS.pagination);
    expect(findCheck('nope')).toBeUndefined();
    expect(findCheck('toString')).toBeUndefined();
  });

  it('puts the headline dimensions before the probes', () => {
    const kinds = checks.map((c) => c.kind);
    expect(kinds).toEqual([...kinds].sort());
    expect(new Set(kinds)).toEqual(new Set(['dimension', 'probe']));
  });

  it.each(checks.map((c) => [c.id, c] as const))('%s is well formed, tested and documented', (id, check) => {
    expect(id).toMatch(KEBAB);
    expect(check.title.length).toBeGreaterThan(0);
    expect(check.summary.length).toBeGreaterThan(0);
    expect(check.params).toMatchObject({ type: 'object', additionalProperties: false });
    const labels = Object.keys(check.labels);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(KEBAB);
    expect(existsSync(`${checksDir}${id}.test.ts`), `${id}.test.ts`).toBe(true);
    const page = readFileSync(`${docsDir}${id}.md`, 'utf8');
    expect(page.startsWith(`# ${id} (${check.kind})\n`)).toBe(true);
    for (const label of labels) expect(documentsLabel(page, label), `label ${label}`).toBe(true);
    for (const param of Object.keys(check.params.properties as object)) expect(page, `parameter ${param}`).toContain(`\`${param}\``);
  });
});
