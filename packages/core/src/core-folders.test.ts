import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));
const architecture = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));

/** The "Inside core" section of docs/architecture.md: the layers of core and what each may import. */
function insideCore(): string {
  const text = readFileSync(architecture, 'utf8');
  const start = text.indexOf('\n## Inside core\n');
  expect(start, 'docs/architecture.md has an "Inside core" section').toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

/** The folders and files the section's table places in a layer: its second column's backticked names. */
function placed(section: string): string[] {
  const names: string[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| ') || cells.length < 4 || line.startsWith('| ---') || line.startsWith('| Layer')) continue;
    for (const m of (cells[1] ?? '').matchAll(/`([^`]+)`/g)) if (m[1] !== undefined) names.push(m[1]);
  }
  return names;
}

describe('docs/architecture.md, "Inside core"', () => {
  const section = insideCore();
  const names = placed(section);

  it('places every folder of packages/core/src in a layer', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !names.includes(folder))).toEqual([]);
  });

  it('names only folders and files that exist', () => {
    const missing = names.filter((name) => {
      if (name.includes('*')) {
        const [prefix = '', suffix = ''] = name.split('*');
        return !readdirSync(src).some((file) => file.startsWith(prefix) && file.endsWith(suffix) && file !== `${prefix}${suffix}`);
      }
      const path = join(src, name);
      return !existsSync(path) || statSync(path).isDirectory() !== name.endsWith('/');
    });
    expect(missing).toEqual([]);
  });
});
