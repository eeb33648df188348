import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { PROVIDERS } from './provider-table.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const docs = readFileSync(new URL('../../../docs/models.md', import.meta.url), 'utf8');
const section = docs.slice(docs.indexOf('\n## Providers\n'), docs.indexOf('\n## ', docs.indexOf('\n## Providers\n') + 1));
/** The rows of docs/models.md's provider table, by provider id: package, key, base_url. */
const rows = new Map(
  section
    .slice(section.indexOf('\n|---'))
    .split('\n')
    .filter((line) => /^\| `[a-z0-9-]+` \|/.test(line))
    .map((line) => {
      const [id = '', ...cells] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return [id.slice(1, -1), cells] as const;
    }),
);

describe('the provider table', () => {
  it('is documented row for row in docs/models.md, with the built-in lexical column', () => {
    expect([...rows.keys()].sort()).toEqual([...Object.keys(PROVIDERS), 'lexical'].sort());
  });

  it.each(Object.entries(PROVIDERS))('%s: its package pinned as package.json pins it, its key variable and base_url rule', (id, entry) => {
    const [pkg, key, baseUrl] = rows.get(id) ?? [];
    const pin = manifest.dependencies[entry.package];
    expect(pin).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg).toContain(`\`${entry.package}\` ${pin}`);
    expect(key).toBe(entry.keyVariable === undefined ? 'none needed' : `\`${entry.keyVariable}\``);
    expect(baseUrl).toMatch(entry.baseUrl === 'required' ? /^\*\*required\*\*/ : /^optional/);
  });
});
