import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { inScratch, runBin } from '../test-support/run-cli.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

interface ReportCase {
  readonly id: string;
  readonly check: string;
  readonly kind: string;
  readonly status: string;
  readonly label?: string;
  readonly model?: string;
  readonly measurements: Record<string, number>;
}

/** The demo's golden set: case id → check and the label a pass carries. */
const GOLDEN: Record<string, { check: string; label: string }> = {
  'echo-back': { check: 'tool-selection', label: 'selected-expected' },
  'add-two-numbers': { check: 'tool-selection', label: 'selected-expected' },
  'read-one-item': { check: 'tool-selection', label: 'selected-expected' },
  'create-an-item': { check: 'tool-selection', label: 'selected-expected' },
  'delete-an-item': { check: 'tool-selection', label: 'selected-expected' },
  'check-an-id-exists': { check: 'tool-selection', label: 'selected-expected' },
  'thanks-calls-nothing': { check: 'no-call', label: 'no-call' },
  'accuracy-as-catalog-grows': { check: 'catalog-scaling', label: 'holds' },
};

describe('the demo (pnpm demo), as on a fresh clone: no key, no network, no cache', () => {
  it('passes every case, the golden set on the lexical column included, sending no model request', async () => {
    await inScratch(async (dir) => {
      const report = join(dir, 'demo.json');
      // `pnpm demo` is `node apps/cli/dist/cli.js run examples/demo/mcp-eval.yaml --allow-mutation`;
      // the report and an empty cache go to the scratch directory so the test leaves nothing behind.
      const result = await runBin(
        [
          'run',
          'examples/demo/mcp-eval.yaml',
          '--allow-mutation',
          '--reporter',
          'pretty',
          '--reporter',
          `json=${report}`,
          '--cache-dir',
          join(dir, 'cache'),
        ],
        { cwd: repoRoot },
      );
      expect(result.stderr).not.toContain(CANARY);
      expect(result.code).toBe(0);
      const saved = JSON.parse(await readFile(report, 'utf8')) as { cases: ReportCase[]; models?: Record<string, unknown>[] };
      expect(saved.cases.filter((c) => c.status !== 'pass').map((c) => `${c.id} ${c.status} ${c.label ?? ''}`)).toEqual([]);
      const behavior = saved.cases.filter((c) => c.kind === 'behavior');
      expect(Object.fromEntries(behavior.map((c) => [c.id, { check: c.check, label: c.label }]))).toEqual(GOLDEN);
      for (const record of behavior) {
        expect(record.model, record.id).toBe('lexical');
        if (record.check !== 'catalog-scaling') expect(record.measurements, record.id).toMatchObject({ trials: 5, passes: 5, requests: 0 });
      }
      // catalog-scaling on lexical, no key: the golden set's accuracy at 1×, 2× and 4× the catalog, and the catalog's tokens at each.
      const scaling = behavior.find((c) => c.check === 'catalog-scaling')?.measurements;
      expect(scaling).toMatchObject({ accuracyAt1x: 1, toolsAt1x: 11, toolsAt2x: 22, toolsAt4x: 44, requests: 0 });
      // lexical, a word-overlap selector, is swayed by near-duplicates named after the real tools: its accuracy drops.
      expect(scaling?.accuracyAt2x).toBeLessThan(1);
      expect(scaling?.accuracyAt4x).toBeLessThan(1);
      expect(scaling?.catalogTokensAt4x).toBeGreaterThan(scaling?.catalogTokensAt1x ?? Infinity);
      // The deterministic cases are all still there and passing.
      expect(saved.cases.filter((c) => c.kind !== 'behavior').length).toBeGreaterThanOrEqual(15);
      expect(saved.models).toEqual([
        expect.objectContaining({ id: 'lexical', provider: 'lexical', selectionAccuracy: 1, overTriggerRate: 0, requests: 0 }),
      ]);
      // The record boundary: neither the server's descriptions nor the tasks reach the console or the report.
      const text = result.stdout + (await readFile(report, 'utf8'));
      expect(text).not.toContain(CANARY);
      for (const task of ['Echo hello back to me', 'Read item a', "Thanks, that's all for today"]) expect(text).not.toContain(task);
    });
  });
});
