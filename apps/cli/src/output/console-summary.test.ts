import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

const CASES = `cases:
  - { id: catalog-budget, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 65536 }
  - id: restore
    dimension: state-recovery
    failure: { tool: get_item, arguments: { id: demo-item } }
    recovery: { tool: create_item, arguments: { id: demo-item, value: restored }, mutating: true }
    validation: { tool: get_item, arguments: { id: demo-item } }
`;

describe('the console summary', () => {
  it('run --reporter sarif=… --reporter junit=… (the README example) prints the pretty summary; --quiet prints nothing', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${CASES.split('\n').slice(0, 2).join('\n')}\n`);
      const loud = await runCli(['run', '--reporter', 'sarif=r/run.sarif', '--reporter', 'junit=r/junit.xml'], { cwd: dir });
      expect(loud.code).toBe(1);
      expect(loud.stdout).toMatch(/^FAIL +catalog-budget +discovery-cost +too-many-tools/m);
      expect(loud.stdout).toMatch(/^1 case: 0 passed, 1 failed/m);
      expect(await readFile(join(dir, 'r', 'run.sarif'), 'utf8')).toContain('too-many-tools');
      const quiet = await runCli(['run', '--reporter', 'sarif=r/run.sarif', '--quiet'], { cwd: dir });
      expect(quiet).toMatchObject({ code: 1, stdout: '', stderr: '' });
      const json = await runCli(['run', '--reporter', 'json', '--reporter', 'sarif=r/run.sarif'], { cwd: dir });
      expect(JSON.parse(json.stdout)).toMatchObject({ command: 'run' });
      for (const text of [loud.stdout, loud.stderr, json.stdout]) expect(text).not.toContain(CANARY);
    });
  });

  it('--repeat shows a skipped case as skipped, not passes=0/n', async () => {
    await inScratch(async (dir) => {
      const yaml = `version: 1\n${stdioServerYaml('reference')}\n${CASES}`;
      await writeManifest(dir, yaml);
      const result = await runCli(['run', '--repeat', '3', '--reporter', 'json=run.json'], { cwd: dir });
      expect(result.stderr).toBe('');
      const saved = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { cases: { id: string; status: string; runs: number }[] };
      // The record keeps its runs; only the console stops calling them passes=0/3.
      expect(saved.cases.find((c) => c.id === 'restore')).toMatchObject({ status: 'skip', runs: 3 });
      const skip = result.stdout.split('\n').find((line) => line.includes(' restore ')) ?? '';
      expect(skip).toMatch(/^SKIP +restore +state-recovery +mutation-not-allowed/);
      expect(skip).not.toContain('passes=');
    });
  });

  it('lint names the tools behind failedTools on the console', async () => {
    await inScratch(async (dir) => {
      const terse = (name: string): object => ({ name, description: 'x', inputSchema: { type: 'object', properties: {} } });
      await writeFile(
        join(dir, 'tools.json'),
        JSON.stringify([
          terse('alpha'),
          terse('beta.tool'),
          {
            name: 'fine',
            description: 'Returns the current time in UTC as an ISO 8601 string.',
            inputSchema: { type: 'object', properties: {} },
          },
        ]),
      );
      const result = await runCli(['lint', '--catalog', 'tools.json', '--reporter', 'json=lint.json'], { cwd: dir });
      const line = result.stdout.split('\n').find((l) => l.includes('quality-description-length')) ?? '';
      expect(line).toMatch(/failedTools=2 \(alpha, beta\.tool\)/);
    });
  });

  it('--no-color help does not claim "(default: true)", and --no-color still turns colour off', async () => {
    for (const command of ['run', 'report', 'conformance', 'lint']) {
      const help = await runCli([command, '--help']);
      const line = help.stdout.split('\n').find((l) => l.includes('--no-color')) ?? '';
      expect(line, command).toContain('Plain console output');
      expect(line, command).not.toContain('(default');
    }
    await inScratch(async (dir) => {
      await writeFile(
        join(dir, 'tools.json'),
        JSON.stringify([{ name: 'echo', description: 'x', inputSchema: { type: 'object', properties: {} } }]),
      );
      const forced = await runCli(['lint', '--catalog', 'tools.json'], { cwd: dir, env: { FORCE_COLOR: '1' } });
      expect(forced.stdout).toContain('\u001b[');
      const plain = await runCli(['lint', '--catalog', 'tools.json', '--no-color'], { cwd: dir, env: { FORCE_COLOR: '1' } });
      expect(plain.stdout).not.toContain('\u001b[');
    });
  });
});
