import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { LINT_LAYERS, LINT_SEVERITIES } from '../../record.js';
import { CLEAN_TOOLS, ruleHits } from '../test-support/lint-fixtures.js';
import { findLintRule, LINT_RULES } from './index.js';

const rulesDir = fileURLToPath(new URL('.', import.meta.url));
const docsDir = fileURLToPath(new URL('../../../../../docs/lint/', import.meta.url));
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

describe('the lint rule registry', () => {
  it('has at least 12 protocol, 11 quality and 6 security rules', () => {
    const count = (layer: string): number => LINT_RULES.filter((r) => r.layer === layer).length;
    expect(count('protocol')).toBeGreaterThanOrEqual(12);
    expect(count('quality')).toBeGreaterThanOrEqual(11);
    expect(count('security')).toBeGreaterThanOrEqual(6);
  });

  it('lists every rule module once, in layer order, each id its file name', () => {
    const modules = readdirSync(rulesDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3));
    const ids = LINT_RULES.map((r) => r.id);
    expect([...ids].sort()).toEqual(modules.sort());
    expect(new Set(ids).size).toBe(ids.length);
    const layerOrder = LINT_RULES.map((r) => LINT_LAYERS.indexOf(r.layer));
    expect(layerOrder).toEqual([...layerOrder].sort((a, b) => a - b));
    expect(findLintRule('protocol-name-valid')?.layer).toBe('protocol');
    expect(findLintRule('nope')).toBeUndefined();
  });

  it.each(LINT_RULES.map((r) => [r.id, r] as const))('%s is well formed, tested and documented', (id, rule) => {
    expect(id).toMatch(KEBAB);
    expect(id.startsWith(`${rule.layer}-`)).toBe(true);
    expect(LINT_SEVERITIES).toContain(rule.severity);
    expect(rule.title.length).toBeGreaterThan(0);
    expect(rule.summary.length).toBeGreaterThan(0);
    const labels = Object.keys(rule.labels);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(KEBAB);
    expect(existsSync(`${rulesDir}${id}.test.ts`)).toBe(true);
    const page = readFileSync(`${docsDir}${id}.md`, 'utf8');
    expect(page.startsWith(`# ${id}\n`)).toBe(true);
    for (const label of labels) expect(page).toContain(`\`${label}\``);
    expect(ruleHits(rule, CLEAN_TOOLS)).toEqual([]);
  });
});
