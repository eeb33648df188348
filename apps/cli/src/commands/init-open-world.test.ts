import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { checks, parseManifest } from '@mcp-eval/core';
import { stdioFixture } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { inScratch, runCli } from '../test-support/run-cli.js';

const OPEN_WORLD_DEFAULTS = (() => {
  const spec = stdioFixture('open-world-defaults');
  return [spec.command, ...spec.args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
})();

/** The cases that call their tool over and over: init gives them only closed-world read-only tools. */
const REPEATED = ['load', 'latency-budget', 'degradation-over-n', 'contention'];

describe('mcp-eval init on a read-only tool that leaves openWorldHint out (open-world by the spec)', () => {
  it('vouches only for the closed-world tool, repeats only it, and says why the other was left out', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', OPEN_WORLD_DEFAULTS], { cwd: dir });
      expect(init).toMatchObject({ code: 0, stderr: '' });
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      const parsed = parseManifest(text, 'mcp-eval.yaml', checks);
      if (!parsed.ok) throw new Error('invalid manifest');
      for (const c of parsed.manifest.cases) {
        const params = c.params as { tool?: string; read_only?: boolean };
        if (params.tool === 'list_remote') {
          expect(params.read_only, c.id).toBeUndefined();
          expect(REPEATED, c.id).not.toContain(c.check);
        }
      }
      for (const check of REPEATED) {
        expect(parsed.manifest.cases.find((c) => c.check === check)?.params, check).toMatchObject({ tool: 'list_local', read_only: true });
      }
      expect(text).toContain("# 1 read-only tool is open-world under the MCP spec's defaults (no openWorldHint: false): init writes");
    });
  });

  it('writes the error-honesty case with what the server must send to pass', async () => {
    await inScratch(async (dir) => {
      expect((await runCli(['init', '--stdio', OPEN_WORLD_DEFAULTS], { cwd: dir })).code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      const block = text.slice(text.indexOf('A failing call must return'), text.indexOf('- id: errors-are-honest'));
      expect(block).toContain('an `isError: true` result whose structuredContent has `code`');
      expect(block).toContain('`data.retryable` is a boolean');
      expect(block).toContain('no-error-code or no-retryable-flag');
    });
  });
});
