import { describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

describe('behavior cases outside run', () => {
  it('explain refuses a behavior case with exit 2 and says how to run it; validate accepts the manifest', async () => {
    await inScratch(async (dir) => {
      await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference')}\ncases:\n  - { id: thanks, behavior: no-call, task: "Thanks" }\n`,
      );
      const explained = await runCli(['explain', 'thanks'], { cwd: dir });
      expect(explained.code).toBe(2);
      expect(explained.stderr).toContain('`thanks` is a behavior case');
      expect(explained.stderr).toContain('mcp-eval run --only thanks');
      expect((await runCli(['validate'], { cwd: dir })).code).toBe(0);
    });
  }, 60_000);

  it('a lexical-only golden set runs with no key and no network', async () => {
    await inScratch(async (dir) => {
      await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference')}\ncases:\n  - { id: add, behavior: tool-selection, task: "Add two numbers", expect: { tool: add } }\n  - { id: thanks, behavior: no-call, task: "Thanks" }\n`,
      );
      const result = await runCli(['run', '--reporter', 'json'], { cwd: dir });
      const report = JSON.parse(result.stdout) as {
        models: { id: string; provider: string; requests: number }[];
        cases: { model?: string; runs: number }[];
      };
      expect(report.models).toEqual([expect.objectContaining({ id: 'lexical', provider: 'lexical', requests: 0 })]);
      expect(report.cases.every((c) => c.model === 'lexical' && c.runs === 5)).toBe(true);
    });
  }, 60_000);
});
