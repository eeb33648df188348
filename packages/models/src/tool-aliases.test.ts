import { describe, expect, it } from 'vitest';
import { aliasToolNames, PROVIDER_TOOL_NAME } from './tool-aliases.js';

describe('aliasToolNames', () => {
  it('keeps names providers accept and rewrites the rest into the provider rule', () => {
    const long = `a${'b'.repeat(99)}`;
    const aliases = aliasToolNames(['get_item', 'files/read', 'ns.search', long]);
    expect(aliases.toProvider.get('get_item')).toBe('get_item');
    for (const name of ['files/read', 'ns.search', long]) {
      const alias = aliases.toProvider.get(name);
      expect(alias).toMatch(PROVIDER_TOOL_NAME);
      expect(alias).not.toBe(name);
      expect(aliases.toCatalog.get(alias ?? '')).toBe(name);
    }
    expect(aliases.toProvider.get('files/read')).toMatch(/^files_read_[0-9a-f]{8}$/);
  });

  it('never lets two names share an alias, even when they sanitize alike or a real name looks like an alias', () => {
    const first = aliasToolNames(['a.b']).toProvider.get('a.b') ?? '';
    const names = ['a.b', 'a/b', 'a_b', first];
    const aliases = aliasToolNames(names);
    const sent = names.map((n) => aliases.toProvider.get(n));
    expect(new Set(sent).size).toBe(names.length);
    for (const name of names) expect(aliases.toCatalog.get(aliases.toProvider.get(name) ?? '')).toBe(name);
  });

  it('is deterministic: the same alias whatever the catalog order', () => {
    const one = aliasToolNames(['x/y', 'z.w', 'ok']);
    const two = aliasToolNames(['ok', 'z.w', 'x/y']);
    expect([...one.toProvider].sort()).toEqual([...two.toProvider].sort());
  });
});
