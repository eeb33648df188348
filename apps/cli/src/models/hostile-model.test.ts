import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { runSampled } from '../test-support/sampled-run.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

/**
 * Peak resident memory the CLI may reach while a provider streams a 600 MB body at it: the 16 MiB
 * default cap plus a margin for Node, the AI SDK and the fixture server's client. Before the cap
 * the same run took some 1.3 GB.
 */
const PEAK_RSS_BOUND_KB = 400 * 1024;

let endpoint: ModelEndpoint;
beforeAll(async () => {
  endpoint = await startModelEndpoint();
});
afterAll(async () => endpoint.close());

const manifest = (model: string) => `version: 1
${stdioServerYaml('reference')}
models:
  - { id: hostile, provider: openai, model: ${model}, base_url: "${endpoint.baseUrl}", api_key: "\${env:KEY}", max_retries: 0 }
golden: { trials: 1 }
cases:
  - id: read-item
    behavior: tool-selection
    task: "Show me item a"
    expect: { tool: get_item }
    gate: soft
`;

describe.skipIf(process.platform !== 'linux')('mcp-eval run against a hostile model endpoint', () => {
  it('a 600 MB body ends the trial response-too-large, and the CLI stays under the RSS bound', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, manifest('scripted-huge-body'));
      const { code, peakKb } = await runSampled(['run', '--reporter', 'json=out.json', '--no-cache'], dir, { KEY: 'k' });
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      expect(code).toBe(1);
      expect(report.cases.find((c) => c.id === 'read-item')).toMatchObject({ status: 'error', label: 'response-too-large' });
      expect(peakKb).toBeGreaterThan(0);
      expect(peakKb).toBeLessThan(PEAK_RSS_BOUND_KB);
    });
  }, 120_000);

  it.each(['scripted-retry-after-absurd', 'scripted-negative-usage'])(
    'report re-reads what run wrote for %s: no null, no negative count',
    async (model) => {
      await inScratch(async (dir) => {
        await writeManifest(dir, manifest(model));
        await runCli(['run', '--reporter', 'json=out.json', '--no-cache'], { cwd: dir, env: { KEY: 'k' } });
        const text = await readFile(join(dir, 'out.json'), 'utf8');
        expect(text).not.toContain('null');
        expect(text).not.toMatch(/":-\d/);
        const again = await runCli(['report', 'out.json', '--reporter', 'json=again.json'], { cwd: dir });
        expect(again.stderr).toBe('');
        expect(again.code).not.toBe(2);
      });
    },
    60_000,
  );
});
