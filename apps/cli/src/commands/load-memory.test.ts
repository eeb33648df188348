import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, writeManifest } from '../test-support/run-cli.js';
import { runSampled } from '../test-support/sampled-run.js';
import { httpServerYaml } from '../test-support/server-yaml.js';

/**
 * Peak resident memory the CLI may reach while 8 clients × 32 in flight ask a tool that answers
 * 15 MB each: the load case's 64 MiB response budget, the connections' own buffers and Node. Before
 * the budget every answer in flight was held whole (256 × 15 MB passed 3 GB).
 */
const PEAK_RSS_BOUND_KB = 600 * 1024;

let server: HttpFixture;
beforeAll(async () => {
  server = await startHttpFixture('huge');
});
afterAll(async () => server.close());

describe.skipIf(process.platform !== 'linux')('mcp-eval run: a load case against 15 MB answers', () => {
  it('ends response-budget-exceeded and the CLI stays under the RSS bound', async () => {
    await inScratch(async (dir) => {
      await writeManifest(
        dir,
        `version: 1
${httpServerYaml(server.url, '2025-11-25')}
cases:
  - id: flood
    probe: load
    tool: huge
    arguments: { bytes: 15000000 }
    clients: 8
    in_flight: 32
    requests: 512
    read_only: true
`,
      );
      const { code, peakKb } = await runSampled(['run', '--reporter', 'json=out.json'], dir);
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      expect(report.cases.find((c) => c.id === 'flood')).toMatchObject({ status: 'error', label: 'response-budget-exceeded' });
      expect(code).toBe(1);
      expect(peakKb).toBeGreaterThan(0);
      expect(peakKb).toBeLessThan(PEAK_RSS_BOUND_KB);
    });
  }, 180_000);
});
