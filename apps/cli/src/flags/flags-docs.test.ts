import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { COMMANDS } from './command-table.js';
import { flagSpelling } from './flag.js';
import { GLOBAL_FLAGS } from './global-flags.js';

// docs/cli.md's flag table of each command is held to the flag data: the same flags, none missing
// and none extra. The docs may name a flag's value for people (`--stdio "<command line>"`).
const cliDocs = readFileSync(new URL('../../../../docs/cli.md', import.meta.url), 'utf8');

/** The command's section: `## mcp-eval run`, `## mcp-eval models check`. */
function section(usage: string): string {
  const [name = ''] = usage.split(' ');
  return cliDocs.split(/^## /m).find((s) => s.startsWith(`mcp-eval ${name}\n`) || s.startsWith(`mcp-eval ${name} `)) ?? '';
}

/** The flags the section's table lists in its first column, as spelled there; undefined without a table. */
function tableFlags(text: string): string[] | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^\| (argument \/ )?flag \|/.test(line));
  if (start < 0) return undefined;
  const rows = lines.slice(start + 2).filter((_, i, all) => all.slice(0, i + 1).every((line) => line.startsWith('|')));
  return rows.flatMap((row) => [...(row.split(' | ')[0] ?? '').matchAll(/`(--[a-z-]+)/g)].map((m) => m[1] ?? ''));
}

describe('docs/cli.md and the flag data agree', () => {
  it.each(COMMANDS.map((c) => [c.usage, c] as const))('`%s`', (_usage, command) => {
    const text = section(command.usage);
    expect(text, 'its section').not.toBe('');
    const names = [...command.flags, ...GLOBAL_FLAGS].map((f) => flagSpelling(f.name));
    const listed = tableFlags(text);
    if (listed === undefined) {
      // A command without a table (report) names each flag in its prose.
      for (const name of names) expect(text, name).toContain(`\`${name}`);
      return;
    }
    const unique = [...new Set(listed)].sort();
    expect(unique, 'each flag listed once').toHaveLength(listed.length);
    expect(unique).toEqual([...names].sort());
  });

  it('only `report` documents its flags without a table', () => {
    expect(COMMANDS.filter((c) => tableFlags(section(c.usage)) === undefined).map((c) => c.usage)).toEqual(['report <run.json>']);
  });
});
