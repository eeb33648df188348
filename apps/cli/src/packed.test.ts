import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import type { RunReport } from '@mcp-eval/core';
import { installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stdioServerYaml } from './test-support/server-yaml.js';

const exec = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** README "Use it in your project": every package the CLI needs, packed, dependencies first. */
const PACKED = ['packages/protocol', 'packages/core', 'packages/transports', 'packages/reporters', 'packages/models', 'apps/cli'];

let project: PackedProject;

/** `npx mcp-eval …` in the project: the installed bin, its exit code and output. */
async function mcpEval(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(join(project.dir, 'node_modules/.bin/mcp-eval'), [...args], {
      cwd: project.dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: 'true' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout = '', stderr = '' } = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof code === 'number' ? code : -1, stdout, stderr };
  }
}

beforeAll(async () => {
  project = await installPacked(PACKED.map((path) => join(repoRoot, path)));
}, 300_000);
afterAll(async () => project.remove());

describe('the packed tarballs, installed into an empty project as the README says', () => {
  it('give a working `mcp-eval` bin of the workspace version', async () => {
    const { version } = JSON.parse(await readFile(join(repoRoot, 'apps/cli/package.json'), 'utf8')) as { version: string };
    const result = await mcpEval(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(version);
  });

  it('run, run --shard 1/2 and 2/2, and merge work from the installed bin', async () => {
    await writeFile(
      join(project.dir, 'mcp-eval.yaml'),
      `version: 1\n${stdioServerYaml('reference')}\ncases:\n${Array.from(
        { length: 8 },
        (_, i) => `  - { id: budget-${i}, dimension: discovery-cost, max_tools: ${i % 2 === 0 ? 40 : 1}, max_schema_bytes: 65536 }\n`,
      ).join('')}`,
    );
    expect((await mcpEval(['validate'])).code).toBe(0);
    const whole = await mcpEval(['run', '--reporter', 'json=whole.json']);
    expect(whole.code).toBe(1);
    for (const k of [1, 2]) expect((await mcpEval(['run', '--shard', `${k}/2`, '--reporter', `json=shard-${k}.json`])).code).not.toBe(2);
    const merged = await mcpEval([
      'merge',
      'shard-1.json',
      'shard-2.json',
      '--reporter',
      'json=merged.json',
      '--reporter',
      'sarif=merged.sarif',
    ]);
    expect(merged.code).toBe(1);
    const ids = async (file: string) =>
      (JSON.parse(await readFile(join(project.dir, file), 'utf8')) as RunReport).cases
        .map((c) => `${c.id}:${c.status}:${c.label ?? ''}`)
        .sort();
    expect(await ids('merged.json')).toEqual(await ids('whole.json'));
  }, 120_000);
});
