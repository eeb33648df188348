import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { reporters } from './registry.js';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const docsPage = readFileSync(fileURLToPath(new URL('../../../docs/reporters.md', import.meta.url)), 'utf8');

/** A reporter's tests sit beside it: `src/<name>.test.ts`, or any test in `src/<name>/`. */
function hasTests(name: string): boolean {
  if (existsSync(`${srcDir}${name}.test.ts`)) return true;
  const dir = `${srcDir}${name}/`;
  return existsSync(dir) && readdirSync(dir).some((file) => file.endsWith('.test.ts'));
}

// The recipe in docs/architecture.md ("Adding a reporter"): module, test, docs section, registry line.
describe('every registered reporter keeps the reporter contract', () => {
  it.each(Object.keys(reporters))('%s has its tests beside it and a section in docs/reporters.md', (name) => {
    expect(hasTests(name)).toBe(true);
    expect(docsPage).toMatch(new RegExp(`^## ${name}$`, 'm'));
  });
});
