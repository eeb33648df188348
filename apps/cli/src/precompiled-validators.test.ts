import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { inScratch, runBin, writeManifest } from './test-support/run-cli.js';
import { stdioServerYaml } from './test-support/server-yaml.js';

/**
 * ajv compiles a schema into a `new Function`; a precompiled validator needs none. Preloaded with
 * `--import`, this counts every Function construction in the process and prints the count last.
 */
const COUNTER = `const Original = globalThis.Function;
let count = 0;
globalThis.Function = new Proxy(Original, {
  construct: (target, args, newTarget) => { count += 1; return Reflect.construct(target, args, newTarget); },
  apply: (target, self, args) => { count += 1; return Reflect.apply(target, self, args); },
});
process.on('exit', () => process.stderr.write('\\nfunction-constructions=' + count + '\\n'));
`;

function constructions(stderr: string): number {
  const match = /function-constructions=(\d+)\n$/.exec(stderr);
  if (match?.[1] === undefined) throw new Error('the counter did not report');
  return Number(match[1]);
}

async function counter(dir: string): Promise<Record<string, string>> {
  const file = join(dir, 'count-functions.mjs');
  await writeFile(file, COUNTER);
  return { NODE_OPTIONS: `--import ${pathToFileURL(file).href}` };
}

const CASES = `
cases:
  - { id: catalog, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }
`;

describe('the bundle validates with the build-time validators', () => {
  it('validate and run compile no schema, with located errors as before; report reads a saved run compiling none', async () => {
    await inScratch(async (dir) => {
      const env = await counter(dir);
      await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference')}\n${CASES}  - { id: bad, dimension: discovery-cost, max_tool: 1 }\n`,
      );
      const invalid = await runBin(['validate'], { cwd: dir, env });
      expect(invalid.code).toBe(2);
      expect(invalid.stderr).toMatch(/mcp-eval\.yaml:\d+:\d+: unknown key `max_tool` in case `bad`/);
      expect(constructions(invalid.stderr)).toBe(0);

      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${CASES}`);
      const run = await runBin(['run', '--reporter', 'json=run.json'], { cwd: dir, env });
      expect(run.code).toBe(0);
      expect(constructions(run.stderr)).toBe(0);

      const report = await runBin(['report', 'run.json', '--reporter', 'junit'], { cwd: dir, env });
      expect(report.code).toBe(0);
      expect(report.stdout).toContain('<testsuites');
      expect(constructions(report.stderr)).toBe(0);
    });
  });

  it('the counter sees a run-time compile: core compiles a check whose schema is not the one precompiled', async () => {
    await inScratch(async (dir) => {
      const env = await counter(dir);
      const script = `
        const { checks, parseManifest } = await import('@mcp-eval/core');
        const original = checks.find((c) => c.id === 'discovery-cost');
        const other = { ...original, params: { ...original.params, description: 'not the registry schema' } };
        const text = 'version: 1\\nserver:\\n  stdio: { command: node }\\ncases:\\n  - { id: c, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\\n';
        const result = parseManifest(text, 'm.yaml', [other]);
        if (!result.ok) process.exit(3);
      `;
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          cwd: new URL('..', import.meta.url),
          env: { PATH: process.env.PATH ?? '', ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, stderr }));
      });
      expect(result.code).toBe(0);
      expect(constructions(result.stderr)).toBeGreaterThan(0);
    });
  });
});
