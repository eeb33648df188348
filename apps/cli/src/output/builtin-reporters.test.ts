import { reporters } from '@mcp-eval/reporters';
import { describe, expect, it } from 'vitest';

import { BUILTIN_REPORTERS, loadBuiltinReporter } from './builtin-reporters.js';

describe('the CLI list of built-in reporters', () => {
  it('is the reporters registry plus pdf, so the flag table cannot drift from the registry', () => {
    expect([...BUILTIN_REPORTERS].sort()).toEqual([...Object.keys(reporters), 'pdf'].sort());
  });

  it.each(Object.keys(reporters))('loads %s as the registry defines it', async (name) => {
    const loaded = await loadBuiltinReporter(name as keyof typeof reporters, {});
    expect(loaded.reporter).toBe(reporters[name as keyof typeof reporters]);
    expect(loaded.print).toBeUndefined();
  });
});
