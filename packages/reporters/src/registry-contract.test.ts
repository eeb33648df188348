import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { isReporterName, REPORTERS } from './registry.js';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const docsPage = readFileSync(fileURLToPath(new URL('../../../docs/reporters.md', import.meta.url)), 'utf8');

/** A reporter's tests sit beside it: `src/<name>.test.ts`, or any test in `src/<name>/`. */
function hasTests(name: string): boolean {
  if (existsSync(`${srcDir}${name}.test.ts`)) return true;
  const dir = `${srcDir}${name}/`;
  return existsSync(dir) && readdirSync(dir).some((file) => file.endsWith('.test.ts'));
}

/** The rows of the table at the top of docs/reporters.md: name, file with `--output-dir`, who it is for. */
function docsRows(): Map<string, { readonly file: string; readonly description: string }> {
  const rows = new Map<string, { readonly file: string; readonly description: string }>();
  for (const [, name = '', file = '', description = ''] of docsPage.matchAll(/^\| `([a-z][a-z0-9-]*)` \| (.+?) \| (.+?) \|$/gm))
    rows.set(name, { file, description });
  return rows;
}

/** The names every reporter module in `src/` declares (`export const x: Reporter<'x'>`). */
function declaredNames(): string[] {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'),
  );
  return files.flatMap((file) =>
    [...readFileSync(`${srcDir}${file}`, 'utf8').matchAll(/^export const \w+: Reporter<'([a-z0-9-]+)'>/gm)].map((match) => match[1] ?? ''),
  );
}

// The recipe in docs/architecture.md ("Adding a reporter"): module, test, docs section, table line.
describe('every reporter in the table keeps the reporter contract', () => {
  it.each(Object.keys(REPORTERS))('%s has its tests beside it and a section in docs/reporters.md', (name) => {
    expect(hasTests(name)).toBe(true);
    expect(docsPage).toMatch(new RegExp(`^## ${name}$`, 'm'));
  });

  it.each(Object.keys(REPORTERS).filter(isReporterName))('%s has its row in the docs table, from its table entry', async (name) => {
    const entry = REPORTERS[name];
    const file = entry.writes === 'console' ? /^none: it stays on the console/ : `\`mcp-eval${(await entry.load()).fileExtension}\``;
    expect(docsRows().get(name)?.file).toMatch(file);
    expect(docsRows().get(name)?.description).toBe(entry.description);
  });

  it('holds every reporter module and every docs row: none is left out of the table', () => {
    expect(declaredNames().sort()).toEqual(Object.keys(REPORTERS).sort());
    expect([...docsRows().keys()].sort()).toEqual(Object.keys(REPORTERS).sort());
  });
});
