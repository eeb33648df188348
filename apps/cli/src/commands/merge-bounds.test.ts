import { stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { MAX_REPORT_BYTES } from '../read-report-text.js';
import { MAX_MERGE_INPUT_BYTES } from '../shard/merge-bounds.js';
import { assignedOf, recordUnits } from '@mcp-eval/core';
import { runCli, scratchDir } from '../test-support/run-cli.js';

const MIB = 1024 * 1024;

/**
 * A one-shard split (`--shard 1/1`) of `count` passing cases, each with one finding whose pointer is
 * `pad` characters: big reports without a server. It names no manifest, so merge checks it against
 * the plan it records. Written compactly; merge writes its JSON report indented, so larger.
 */
function bigShard(count: number, pad: number): string {
  const pointer = `/${'p'.repeat(pad)}`;
  const cases = Array.from({ length: count }, (_, i) => ({
    id: `case-${i}`,
    kind: 'dimension',
    check: 'discovery-cost',
    status: 'pass',
    measurements: { tools: 1 },
    findings: [{ label: 'tool-counted', pointer }],
    runs: 1,
    passes: 1,
    passRate: 1,
    durationMs: 1,
  }));
  return JSON.stringify({
    reportVersion: 1,
    tool: { name: 'mcp-eval', version: '0.0.0-test' },
    command: 'run',
    target: { transport: 'stdio', identity: 'sha256:0123456789abcdef' },
    shard: { index: 1, count: 1, manifest: 'sha256:0123456789abcdef', assigned: assignedOf(recordUnits(cases)) },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    summary: { cases: count, pass: count, fail: 0, skip: 0, error: 0 },
    cases,
    checks: [{ id: 'discovery-cost', kind: 'dimension', title: 'Discovery cost', summary: 'The catalog is small.' }],
  });
}

describe('merge: bounds on what it reads and what it writes', () => {
  it(`refuses shard reports over ${MAX_MERGE_INPUT_BYTES} bytes in all from their sizes, before reading any (exit 2)`, async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const files = ['a.json', 'b.json', 'c.json', 'd.json', 'e.json'];
      for (const file of files) {
        await writeFile(join(dir, file), '');
        await truncate(join(dir, file), 60 * MIB); // sparse: each under the per-file bound, 300 MiB in all
      }
      const result = await runCli(['merge', ...files, '--reporter', 'json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `mcp-eval: merge reads at most ${MAX_MERGE_INPUT_BYTES} bytes (256 MiB) of shard reports in all; these are larger (each is also held to ${MAX_REPORT_BYTES} bytes)\n`,
      );
    } finally {
      await cleanup();
    }
  });

  // Big files on a shared machine: generous timeouts, no timing asserted.
  it(
    'writes a merged report near MAX_REPORT_BYTES that `report` reads back, and refuses one `report` could not read',
    { timeout: 300_000 },
    async () => {
      const { dir, cleanup } = await scratchDir();
      try {
        // ~60 MiB merged: under the bound, re-read by `report`.
        await writeFile(join(dir, 'near.json'), bigShard(15_000, 4_000));
        const near = await runCli(['merge', 'near.json', '--reporter', 'json=merged.json'], { cwd: dir });
        expect(near.stderr).toBe('');
        expect(near.code).toBe(0);
        const size = (await stat(join(dir, 'merged.json'))).size;
        expect(size).toBeGreaterThan(MAX_REPORT_BYTES - 8 * MIB);
        expect(size).toBeLessThanOrEqual(MAX_REPORT_BYTES);
        const reread = await runCli(['report', 'merged.json', '--reporter', 'json=again.json'], { cwd: dir });
        expect(reread.stderr).toBe('');
        expect(reread.code).toBe(0);

        // Under the bound compactly, over it once merge writes it indented: refused before anything is written.
        const over = bigShard(120_000, 300);
        expect(Buffer.byteLength(over)).toBeLessThan(MAX_REPORT_BYTES);
        await writeFile(join(dir, 'over.json'), over);
        const refused = await runCli(['merge', 'over.json', '--reporter', 'json=too-big.json'], { cwd: dir });
        expect(refused.code).toBe(2);
        expect(refused.stderr).toMatch(
          new RegExp(`^mcp-eval: the merged report would be \\d+ bytes, over the ${MAX_REPORT_BYTES} bytes \\(64 MiB\\) report reads; `),
        );
        await expect(stat(join(dir, 'too-big.json'))).rejects.toThrow(/ENOENT/);
      } finally {
        await cleanup();
      }
    },
  );
});
