import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CANARY } from '@mcp-eval/fixture-servers';
import { installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { writeManifest } from './test-support/run-cli.js';
import { stdioServerYaml } from './test-support/server-yaml.js';
import { cliVersion } from './version.js';

const cliDir = fileURLToPath(new URL('..', import.meta.url));

// The published bin (bin/mcp-eval.cjs, which loads the bundle): the tarball alone must run, with nothing else installed.
describe('mcp-eval installed from its tarball', { timeout: 300_000 }, () => {
  let project: PackedProject | undefined;
  let bin = '';

  beforeAll(async () => {
    project = await installPacked([cliDir]);
    const pkg = JSON.parse(await readFile(join(project.dir, 'node_modules', 'mcp-eval', 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    // The path package.json declares, as npm links it: what `npx mcp-eval` runs.
    bin = join(project.dir, 'node_modules', 'mcp-eval', pkg.bin['mcp-eval'] ?? 'absent');
  }, 300_000);

  afterAll(async () => {
    await project?.remove();
  });

  it('declares no runtime dependency, playwright-core an optional peer, and installs nothing beside itself', async () => {
    if (project === undefined) throw new Error('not installed');
    const pkg = JSON.parse(await readFile(join(project.dir, 'node_modules', 'mcp-eval', 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(pkg['dependencies']).toBeUndefined();
    expect(pkg['peerDependenciesMeta']).toEqual({ 'playwright-core': { optional: true } });
    const lock = JSON.parse(await readFile(join(project.dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages).filter((key) => key !== '')).toEqual(['node_modules/mcp-eval']);
  });

  it('--version prints the package version', async () => {
    expect(await project?.node([bin, '--version'])).toMatch(new RegExp(`^mcp-eval/${cliVersion().replaceAll('.', '\\.')} `));
  });

  it('runs a case on the reference fixture and writes json and html, with no server text', async () => {
    if (project === undefined) throw new Error('not installed');
    const manifest = await writeManifest(
      project.dir,
      `version: 1
${stdioServerYaml('reference')}
cases:
  - { id: catalog-budget, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }
`,
    );
    const html = join(project.dir, 'report.html');
    const stdout = await project.node([bin, 'run', manifest, '--reporter', 'json', '--reporter', `html=${html}`]);
    const report = JSON.parse(stdout) as { cases: { id: string; status: string }[] };
    expect(report.cases).toEqual([expect.objectContaining({ id: 'catalog-budget', status: 'pass' })]);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('catalog-budget');
    expect(`${stdout}${page}`).not.toContain(CANARY);
  });
});
