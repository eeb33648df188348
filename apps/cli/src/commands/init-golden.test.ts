import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY, stdioFixture } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { inScratch, runCli } from '../test-support/run-cli.js';

const REFERENCE = (() => {
  const spec = stdioFixture('reference');
  return [spec.command, ...spec.args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
})();

/** The reference fixture's tools, in catalog order. */
const TOOLS = [
  'echo',
  'add',
  'get_item',
  'create_item',
  'delete_item',
  'flaky_read',
  'strict_lookup',
  'slow_read',
  'big_read',
  'explode',
  'confirm_action',
];

/** The starter cases init says it wrote (its own count, whatever the registry holds). */
function starterCount(stdout: string): number {
  return Number(/^wrote mcp-eval\.yaml: (\d+) cases/.exec(stdout)?.[1]);
}

/** A golden case's commented lines, uncommented, with the person's task written in. */
function completed(text: string): string {
  return text
    .replace(/^ {2}# - id: /gm, '  - id: ')
    .replace(/^ {2}# {3}(behavior|task|expect):/gm, '    $1:')
    .replace(/"TODO: a request that needs ([a-z_]+)"/g, '"Please use $1"');
}

describe('mcp-eval init: the model layer', () => {
  it('writes a models: block with the lexical column and one commented golden case per tool, and the file validates', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', REFERENCE], { cwd: dir });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).toMatch(/^models:\n {2}- \{ id: lexical, provider: lexical \}$/m);
      // Provider columns are examples only: nothing that needs a key is active.
      expect(text).not.toMatch(/^ {2}- \{ id: (gpt|claude|local)/m);
      for (const tool of TOOLS) {
        expect(text).toContain(
          `  # - id: select-${tool}\n  #   behavior: tool-selection\n  #   task: "TODO: a request that needs ${tool}"\n  #   expect: { tool: "${tool}" }\n`,
        );
      }
      expect(text.match(/^ {2}# - id: select-/gm)).toHaveLength(TOOLS.length);
      expect(text).toContain('  # - id: thanks-calls-nothing\n  #   behavior: no-call\n');
      // Tool names only: no description or schema text of the server's.
      expect(text).not.toContain(CANARY);
      expect(text).not.toMatch(/Reads one item|Echoes the message/);

      const validate = await runCli(['validate'], { cwd: dir });
      expect(validate).toMatchObject({ code: 0, stdout: `ok: ${starterCount(init.stdout)} cases in mcp-eval.yaml\n`, stderr: '' });
    });
  });

  it('the golden template, uncommented with tasks written, is a valid manifest of behavior cases', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', REFERENCE], { cwd: dir });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      await writeFile(join(dir, 'completed.yaml'), completed(text), 'utf8');
      const validate = await runCli(['validate', 'completed.yaml'], { cwd: dir });
      expect(validate).toMatchObject({
        code: 0,
        stdout: `ok: ${starterCount(init.stdout) + TOOLS.length + 1} cases in completed.yaml\n`,
        stderr: '',
      });
    });
  });
});
