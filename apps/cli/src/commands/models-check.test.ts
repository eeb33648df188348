import { CANARY } from '@mcp-eval/fixture-servers';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT } from '../cli-error.js';
import { PROBE_SCRIPTS } from '../models-check/test-support/probe-scripts.js';
import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';

let endpoint: ModelEndpoint;
beforeAll(async () => {
  endpoint = await startModelEndpoint(PROBE_SCRIPTS);
});
afterAll(async () => {
  await endpoint.close();
});

const SECRET = 'sk-test-secret-value';
const manifest = (models: string): string =>
  `version: 1\nserver:\n  stdio: { command: node, args: [server.js] }\n${models}cases:\n  - id: catalog\n    dimension: discovery-cost\n    max_tools: 40\n    max_schema_bytes: 65536\n`;
const column = (id: string, provider: string, model: string, extra = ''): string =>
  `  - { id: ${id}, provider: ${provider}, model: ${model}, base_url: "${endpoint.baseUrl}"${extra} }\n`;

async function check(models: string, args: string[] = [], env: Record<string, string> = { TEST_KEY: SECRET }) {
  return inScratch(async (dir) => {
    await writeManifest(dir, manifest(models));
    const before = endpoint.requests();
    const result = await runCli(['models', 'check', ...args], { cwd: dir, env });
    return { ...result, sent: endpoint.requests() - before };
  });
}

describe('mcp-eval models check', () => {
  it('probes every column once, prints ids, labels and numbers only, and exits 1 when some are not reachable', async () => {
    const models =
      'models:\n' +
      column('gpt', 'openai', 'probe-ok', ', api_key: "${env:TEST_KEY}"') +
      column('claude', 'anthropic', 'probe-rejects-temperature', ', api_key: "${env:TEST_KEY}"') +
      column('local', 'openai-compatible', 'probe-slow', ', timeout_ms: 400') +
      column('nokey', 'openai', 'probe-ok', ', api_key: "${env:UNSET_KEY}"') +
      '  - { id: lexical, provider: lexical }\n';
    const started = performance.now();
    const result = await check(models, [], { TEST_KEY: SECRET, OPENAI_API_KEY: 'must-not-be-used' });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(EXIT.failed);
    expect(result.stdout).toMatch(/^models check: 5 columns in mcp-eval\.yaml$/m);
    expect(result.stdout).toMatch(/^ {2}gpt +openai +reachable +\d+ ms {2}temperature accepted$/m);
    expect(result.stdout).toMatch(/^ {2}claude +anthropic +reachable +\d+ ms {2}temperature rejected \(ran without it\)$/m);
    expect(result.stdout).toMatch(/^ {2}local +openai-compatible +model-timeout +\d+ ms$/m);
    expect(result.stdout).toMatch(/^ {2}nokey +openai +model-unavailable +no key/m);
    expect(result.stdout).toMatch(/^ {2}lexical +lexical +not-a-model/m);
    expect(result.stdout).toMatch(/^2 of 4 model columns reachable$/m);
    // gpt 1, claude 2 (the retry without temperature), local 1; nokey and lexical send nothing.
    expect(result.sent).toBe(4);
    const output = result.stdout + result.stderr;
    for (const secret of [CANARY, SECRET, 'must-not-be-used', 'probe-ok', 'probe-slow', '127.0.0.1']) expect(output).not.toContain(secret);
  });

  it('exits 0 when every model column is reachable', async () => {
    const result = await check(
      `models:\n${column('gpt', 'openai', 'probe-ok', ', api_key: "${env:TEST_KEY}"')}  - { id: lexical, provider: lexical }\n`,
    );
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/^1 of 1 model column reachable$/m);
  });

  it('exits 4 when no model column is reachable, and a column with no key sends nothing', async () => {
    const result = await check(`models:\n${column('nokey', 'anthropic', 'probe-ok')}  - { id: lexical, provider: lexical }\n`, [], {});
    expect(result.code).toBe(EXIT.unevaluated);
    expect(result.sent).toBe(0);
    expect(result.stdout).toMatch(/^0 of 1 model column reachable$/m);
  });

  it("--timeout overrides the column's timeout_ms", async () => {
    const started = performance.now();
    const result = await check(`models:\n${column('local', 'openai-compatible', 'probe-slow')}`, ['--timeout', '300']);
    expect(result.code).toBe(EXIT.unevaluated);
    expect(result.stdout).toMatch(/^ {2}local +openai-compatible +model-timeout/m);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a manifest with no models: block is fine: behavior cases run on lexical', async () => {
    const result = await check('');
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain('no `models:`');
    expect(result.sent).toBe(0);
  });

  it('exits 2 on an invalid manifest, an unknown subcommand or a bad --timeout, sending nothing', async () => {
    const invalid = await check('models:\n  - { id: x, provider: gateway, model: m }\n');
    expect(invalid.code).toBe(EXIT.usage);
    expect(invalid.stderr).toMatch(/mcp-eval\.yaml:\d+:\d+/);
    const sub = await inScratch((dir) => runCli(['models', 'list'], { cwd: dir }));
    expect(sub.code).toBe(EXIT.usage);
    expect(sub.stderr).toContain('unknown subcommand `models list`');
    for (const bad of ['0', 'soon', '600001']) {
      const flag = await check(`models:\n${column('gpt', 'openai', 'probe-ok')}`, ['--timeout', bad]);
      expect(flag.code).toBe(EXIT.usage);
      expect(flag.sent).toBe(0);
    }
  });
});
