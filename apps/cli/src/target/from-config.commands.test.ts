import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { conformanceChecks } from '@mcp-eval/core';
import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, readCallLog, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { parseReport } from '@mcp-eval/reporters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';

// A value that must never leave the process: it sits in the config's env and headers.
const SECRET = 'from-config-secret-7f3a';

/** run, conformance, lint and init, each given the server by --from-config, against real fixture servers. */
describe('--from-config <file> --server <name> in every command that names a server', () => {
  let dir = '';
  let cleanup: () => Promise<void> = async () => undefined;
  let http: HttpFixture | undefined;
  const callLog = (): string => join(dir, 'calls.jsonl');
  beforeAll(async () => {
    ({ dir, cleanup } = await scratchDir());
    http = await startHttpFixture('reference');
    const { command, args, env } = stdioFixture('reference', { FIXTURE_CALL_LOG: callLog() });
    await writeFile(
      join(dir, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          local: { command, args, env: { ...env, API_TOKEN: SECRET } },
          web: { url: http.url, headers: { Authorization: 'Bearer ${env:WEB_TOKEN}' } },
        },
      }),
    );
  });
  afterAll(async () => {
    await http?.close();
    await cleanup();
  });

  const cli = async (args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> => {
    const result = await runCli(args, { cwd: dir, env: { WEB_TOKEN: SECRET } });
    for (const text of [result.stdout, result.stderr]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(CANARY);
    }
    return result;
  };

  it("run: the config server replaces the manifest's server (which could not even start)", async () => {
    const manifest = await writeManifest(
      dir,
      `version: 1
server:
  stdio: { command: ${JSON.stringify(process.execPath)}, args: ["-e", "process.exit(3)"] }
  timeout_ms: 15000
cases:
  - id: read-a
    probe: latency-budget
    tool: get_item
    arguments: { id: a }
    max_latency_ms: 5000
`,
      'run.yaml',
    );
    const result = await cli(['run', manifest, '--from-config', 'mcp.json', '--server', 'local', '--reporter', 'json']);
    expect(result.code).toBe(0);
    const parsed = parseReport(result.stdout);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(parsed.report.cases).toMatchObject([{ id: 'read-a', status: 'pass' }]);
    expect(readCallLog(callLog())).toContain('get_item');
  });

  it('conformance over loopback HTTP, its header expanded from ${env:WEB_TOKEN}', async () => {
    const result = await cli(['conformance', '--from-config', 'mcp.json', '--server', 'web', '--reporter', 'json', '--timeout', '15000']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { target: { transport: string }; cases: { id: string }[] };
    expect(report.target.transport).toBe('http');
    // The fixture speaks both eras, so every assertion runs in the era(s) it is about.
    expect(new Set(report.cases.map((c) => c.id))).toEqual(new Set(conformanceChecks.map((c) => c.id)));
  });

  it('lint over stdio reads the whole catalog', async () => {
    const result = await cli(['lint', '--from-config', 'mcp.json', '--server', 'local', '--reporter', 'json']);
    const report = JSON.parse(result.stdout) as {
      target: { transport: string };
      cases: { measurements: { tools: number } }[];
      gate: { passed: boolean };
    };
    expect(result.code).toBe(report.gate.passed ? 0 : 1);
    expect(report.target.transport).toBe('stdio');
    expect(report.cases[0]?.measurements.tools).toBe(11);
  });

  it("init writes the config's env values as ${env:NAME} references, never the values", async () => {
    const result = await cli(['init', '--from-config', 'mcp.json', '--server', 'local', '--out', 'init/mcp-eval.yaml']);
    expect(result.code).toBe(0);
    const written = await readFile(join(dir, 'init', 'mcp-eval.yaml'), 'utf8');
    expect(written).toContain('API_TOKEN: "${env:API_TOKEN}"');
    expect(written).not.toContain(SECRET);
    expect(written).not.toContain(CANARY);
  });

  it('an unknown server is exit 2 listing the names in the file, and starts nothing', async () => {
    const result = await cli(['lint', '--from-config', 'mcp.json', '--server', 'lcoal']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-eval: --from-config mcp.json: no server `lcoal`; the file defines `local`, `web`\n');
  });

  it('an unset ${env:NAME} in the config is exit 2 naming the variable, not the header value around it', async () => {
    const result = await runCli(['conformance', '--from-config', 'mcp.json', '--server', 'web'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--from-config mcp\.json: server `web`: environment variable `WEB_TOKEN` is not set/);
    expect(result.stderr).not.toContain('Bearer');
  });

  it('a server name defined twice is exit 2 naming the key and both places, and starts neither entry', async () => {
    const { command, args, env } = stdioFixture('reference', {});
    const marker = join(dir, 'hidden-entry-ran');
    // A reviewer reads the first `local`; JSON.parse keeps the second, which would start `node -e`.
    const hidden = { command: process.execPath, args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`] };
    await writeFile(
      join(dir, 'twice.json'),
      `{\n  "mcpServers": {\n    "local": ${JSON.stringify({ command, args, env })},\n    "local": ${JSON.stringify(hidden)}\n  }\n}\n`,
    );
    const result = await cli(['lint', '--from-config', 'twice.json', '--server', 'local']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mcp-eval: --from-config twice.json: the key `local` appears twice in one object (line 3, column 5 and line 4, column 5); keep one\n',
    );
    await expect(readFile(marker, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('a duplicate key is named escaped: a control sequence in it cannot reach the terminal', async () => {
    await writeFile(join(dir, 'esc.json'), '{"mcpServers": {"local": {"command": "a"}}, "x\\u001b[2K": 1, "x\\u001b[2K": 2}');
    const result = await cli(['lint', '--from-config', 'esc.json', '--server', 'local']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the key `x\\x1b[2K` appears twice in one object (line 1, column 45 and line 1, column 62)');
    expect(result.stderr).not.toContain('\u001b');
  });
});
