import { readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { hostileReportText } from '@mcp-eval/test-support';
import { describe, expect, it } from 'vitest';

import { MAX_REPORT_BYTES } from '../read-report-text.js';
import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

const SIXTEEN_MB = 16 * 1024 * 1024;

type Saved = Pick<RunReport, 'tool' | 'summary' | 'manifest'> & {
  readonly cases: readonly RunReport['cases'][number][];
  readonly checks: readonly RunReport['checks'][number][];
};

/** A real saved report (lint of a one-tool catalog) to build hostile variants from. */
async function savedReport(dir: string): Promise<Record<string, unknown>> {
  await writeFile(
    join(dir, 'tools.json'),
    JSON.stringify([{ name: 'echo', description: 'Echoes its text back.', inputSchema: { type: 'object', properties: {} } }]),
  );
  const saved = await runCli(['lint', '--catalog', 'tools.json', '--reporter', 'json=saved.json'], { cwd: dir });
  expect(saved.code).toBe(0);
  return JSON.parse(await readFile(join(dir, 'saved.json'), 'utf8')) as Record<string, unknown>;
}

/** ~16 MB of cases that each break the schema: aimed at the validator's time. */
async function writeHostile(dir: string, base: Record<string, unknown>): Promise<string> {
  await writeFile(join(dir, 'hostile.json'), hostileReportText({ ...base, command: 'run' }, SIXTEEN_MB));
  return 'hostile.json';
}

describe('hostile report files', () => {
  it('`report` refuses a file over MAX_REPORT_BYTES from its size, before reading a byte of it', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeFile(join(dir, 'huge.json'), '');
      await truncate(join(dir, 'huge.json'), MAX_REPORT_BYTES + 1); // sparse: nothing is written
      const result = await runCli(['report', 'huge.json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`mcp-eval: huge.json is larger than ${MAX_REPORT_BYTES} bytes; report reads no larger file\n`);
    } finally {
      await cleanup();
    }
  });

  it('`report` refuses a 16 MB file of ~200k invalid cases with exit 2, in seconds', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const file = await writeHostile(dir, await savedReport(dir));
      const started = performance.now();
      const result = await runCli(['report', file], { cwd: dir });
      expect(result.code).toBe(2);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^mcp-eval: hostile\.json is not an MCP Eval JSON report:\n {2}\/cases\/0/);
    } finally {
      await cleanup();
    }
  });

  it('`run --baseline` refuses the same file with exit 2 before anything connects, in seconds', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const file = await writeHostile(dir, await savedReport(dir));
      await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference')}\ncases:\n  - id: catalog-budget\n    dimension: discovery-cost\n    max_tools: 40\n    max_schema_bytes: 65536\n`,
      );
      const started = performance.now();
      const result = await runCli(['run', '--baseline', file, '--reporter', 'json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^mcp-eval: --baseline hostile\.json is not an MCP Eval JSON report/);
    } finally {
      await cleanup();
    }
  });

  it('`report` recounts the summary: a report whose summary hides its failures is exit 2, not a green run', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const base = await savedReport(dir);
      const cases = (base['cases'] as { status: string }[]).map((c, i) =>
        i === 0 ? { ...c, status: 'fail', label: 'description-too-short', passes: 0, passRate: 0 } : c,
      );
      const failing = cases.filter((c) => c.status === 'fail').length;
      expect(failing).toBeGreaterThan(0);
      // Every failure counted as a pass: pretty would print a FAIL line and a green total.
      const summary = { cases: cases.length, pass: cases.length, fail: 0, skip: 0, error: 0 };
      await writeFile(join(dir, 'lying.json'), JSON.stringify({ ...base, cases, summary, gate: undefined, scores: undefined }));
      const result = await runCli(['report', 'lying.json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`/summary/pass is ${cases.length} but the cases count ${cases.length - failing}`);
      expect(result.stderr).toContain(`/summary/fail is 0 but the cases count ${failing}`);
    } finally {
      await cleanup();
    }
  });

  it.each([
    ['a case id', (r: Saved) => ({ ...r, cases: r.cases.map((c, i) => (i === 0 ? { ...c, id: 'x\u001b[2K\u001b[1APASS' } : c)) })],
    ['the manifest path', (r: Saved) => ({ ...r, manifest: 'm\u202e.yaml' })],
    ['the tool version', (r: Saved) => ({ ...r, tool: { ...r.tool, version: '1.0.0\u0007\u009b' } })],
    [
      'a finding pointer',
      (r: Saved) => ({ ...r, cases: r.cases.map((c, i) => (i === 0 ? { ...c, findings: [{ label: 'x', pointer: '/a\n/b' }] } : c)) }),
    ],
  ])('`report` refuses a terminal control in %s (exit 2), and never prints it', async (_name, edit) => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeFile(join(dir, 'evil.json'), JSON.stringify(edit((await savedReport(dir)) as unknown as Saved)));
      const result = await runCli(['report', 'evil.json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^mcp-eval: evil\.json is not an MCP Eval JSON report:\n {2}\/\S+ holds a control character, line break or bidirectional control /,
      );
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/u);
    } finally {
      await cleanup();
    }
  });

  it('`report` refuses a key that repeats in one object: JSON.parse would keep the second `status`', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const text = JSON.stringify(await savedReport(dir)).replace('"status":"pass"', '"status":"fail","status":"pass"');
      await writeFile(join(dir, 'twice.json'), text);
      const result = await runCli(['report', 'twice.json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^mcp-eval: twice\.json is not an MCP Eval JSON report:\n {2}a key repeats in one object at 1:\d+ and 1:\d+\n$/,
      );
    } finally {
      await cleanup();
    }
  });

  it("`report --reporter sarif` builds rules from the CLI's own checks: a saved report's titles and summaries never reach code scanning", async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const base = (await savedReport(dir)) as unknown as Saved;
      const lure = '[click](https://evil.example/x) ![x](https://evil.example/p.png)';
      const checks = base.checks.map((c) => ({ ...c, title: lure, summary: lure }));
      // A check id no version of MCP Eval defines: a fixed neutral rule.
      const [first] = base.cases;
      if (first === undefined) throw new Error('no case');
      const unknown = { ...first, id: 'invented', check: 'invented-check', status: 'fail', label: 'x', passes: 0, passRate: 0 };
      const cases = [...base.cases, unknown];
      const summary = { ...base.summary, cases: cases.length, fail: base.summary.fail + 1 };
      const edited = { ...base, checks: [...checks, { id: 'invented-check', kind: 'lint', title: lure, summary: lure }], cases, summary };
      await writeFile(join(dir, 'lure.json'), JSON.stringify({ ...edited, gate: undefined, scores: undefined }));
      const result = await runCli(['report', 'lure.json', '--reporter', 'sarif=out.sarif'], { cwd: dir });
      expect(result.code).toBe(1);
      const sarif = await readFile(join(dir, 'out.sarif'), 'utf8');
      expect(sarif).not.toContain('evil.example');
      const rules = (JSON.parse(sarif) as { runs: { tool: { driver: { rules: { id: string; shortDescription: { text: string } }[] } } }[] })
        .runs[0]?.tool.driver.rules;
      expect(rules?.find((r) => r.id === 'protocol-additional-properties-valid')?.shortDescription.text).toBe(
        '`additionalProperties` is a boolean or a schema',
      );
      expect(rules?.find((r) => r.id === 'invented-check')).toMatchObject({
        shortDescription: { text: 'invented-check' },
        fullDescription: { text: 'A check this version of MCP Eval does not describe.' },
      });
    } finally {
      await cleanup();
    }
  });
});
