import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';

// A server that cannot start: had anything connected, these runs would be exit 4, not 2.
const MANIFEST = `version: 1
server:
  stdio: { command: /nonexistent/server }
cases:
  - { id: catalog-budget, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }
`;

/** Runs `args` in a scratch folder holding the manifest, and returns the result with the manifest's bytes after. */
async function runBeside(args: readonly string[], setup?: (dir: string) => Promise<void>) {
  return inScratch(async (dir) => {
    await writeManifest(dir, MANIFEST);
    await setup?.(dir);
    const result = await runCli(args, { cwd: dir });
    return { ...result, manifest: await readFile(join(dir, 'mcp-eval.yaml'), 'utf8') };
  });
}

describe('a report is never written over a file the command reads', () => {
  it('run --output-dir . --reporter yaml is exit 2 naming the reporter and the manifest, which is left as it was', async () => {
    const result = await runBeside(['run', '--output-dir', '.', '--reporter', 'yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('reporter yaml would write over the manifest mcp-eval.yaml');
    expect(result.manifest).toBe(MANIFEST);
  });

  it('run --reporter json=mcp-eval.yaml is refused the same way', async () => {
    const result = await runBeside(['run', '--reporter', 'json=mcp-eval.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('reporter json would write over the manifest mcp-eval.yaml');
    expect(result.manifest).toBe(MANIFEST);
  });

  it('scan --output-dir . --reporter yaml leaves the manifest of the folder it scans from alone', async () => {
    const result = await runBeside(['scan', '--stdio', '/nonexistent/server', '--output-dir', '.', '--reporter', 'yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('reporter yaml would write over the manifest mcp-eval.yaml');
    expect(result.manifest).toBe(MANIFEST);
  });

  it('a destination that reaches the manifest through a symlinked folder and ./ is still the manifest', async () => {
    const result = await runBeside(['run', 'project/./mcp-eval.yaml', '--reporter', 'json=out/./mcp-eval.yaml'], async (dir) => {
      await mkdir(join(dir, 'project'));
      await writeFile(join(dir, 'project', 'mcp-eval.yaml'), MANIFEST);
      await symlink(join(dir, 'project'), join(dir, 'out'));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('reporter json would write over the manifest project/./mcp-eval.yaml');
  });

  it('a symlink named as the destination is followed to the file it names', async () => {
    const result = await runBeside(['run', '--reporter', 'json=link.json'], async (dir) => {
      await symlink(join(dir, 'mcp-eval.yaml'), join(dir, 'link.json'));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('reporter json would write over the manifest mcp-eval.yaml');
    expect(result.manifest).toBe(MANIFEST);
  });

  it.each([
    ['the baseline', ['run', '--baseline', 'old.json', '--reporter', 'json=old.json'], 'the baseline old.json'],
    ['the reviewed file', ['run', '--reporter', 'yaml=mcp-eval.reviewed.yaml'], 'the reviewed file mcp-eval.reviewed.yaml'],
    [
      'the client config',
      ['scan', '--from-config', 'mcp.json', '--server', 'x', '--reporter', 'json=mcp.json'],
      'the client config mcp.json',
    ],
    ['the catalog file', ['lint', '--catalog', 'tools.json', '--reporter', 'json=tools.json'], 'the catalog file tools.json'],
    [
      'the suppressions file',
      ['lint', '--catalog', 'tools.json', '--suppressions', 's.yaml', '--reporter', 'yaml=s.yaml'],
      'the suppressions file s.yaml',
    ],
    ['a shard report', ['merge', 'a.json', 'b.json', '--reporter', 'json=b.json'], 'the shard report b.json'],
    ['the saved report', ['report', 'old.json', '--reporter', 'json=old.json'], 'the saved report old.json'],
    [
      'the expected-failures file',
      ['conformance', '--stdio', '/nonexistent/server', '--expected-failures', 'x.yaml', '--reporter', 'yaml=x.yaml'],
      'the expected-failures file x.yaml',
    ],
  ])('%s is refused as a destination', async (_name, args, named) => {
    const result = await runBeside(args, async (dir) => {
      await writeFile(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { x: { command: '/nonexistent/server' } } }));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`would write over ${named}`);
  });

  it('a rubric the manifest names is refused as a destination', async () => {
    const result = await runBeside(['run', '--reporter', 'yaml=rubric.yaml'], async (dir) => {
      await writeFile(join(dir, 'rubric.yaml'), '- { id: done, criterion: The task is done. }\n');
      await writeManifest(
        dir,
        `version: 1
server:
  stdio: { command: /nonexistent/server }
models:
  - { id: gpt, provider: openai, model: m }
judge: { model: gpt }
cases:
  - { id: task, behavior: task-completion, task: Do it, rubric: rubric.yaml }
`,
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('would write over the rubric rubric.yaml');
  });
});
