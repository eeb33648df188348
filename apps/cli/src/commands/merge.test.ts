import { readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { CANARY } from '@mcp-eval/fixture-servers';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_REPORT_BYTES } from '../read-report-text.js';
import { shardOf } from '@mcp-eval/core';
import { shardedManifest } from '../shard/test-support/sharded-manifest.js';
import type { CliResult } from '../test-support/run-cli.js';
import { runBin, runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';

const SHARDS = [1, 2, 3, 4] as const;
const SHARD_FILES = SHARDS.map((k) => `shard-${k}.json`);
// 180 deterministic cases (dimensions and a probe, passing and failing) and 20 behavior cases on
// two lexical columns: 200 manifest cases, 220 records. No outcome cache: every run measures.
const DETERMINISTIC = 180;
const BEHAVIOR = 20;
const NO_CACHE = ['--no-cache'];

let dir: string;
let cleanup: () => Promise<void>;
let whole: CliResult;
let shardRuns: CliResult[];

const read = async (file: string): Promise<string> => readFile(join(dir, file), 'utf8');
const readJson = async (file: string): Promise<RunReport> => JSON.parse(await read(file)) as RunReport;

/** What must agree between the unsharded run and the merged one: everything but timings. */
function projection(report: RunReport) {
  const cases = report.cases
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      check: r.check,
      model: r.model ?? null,
      status: r.status,
      label: r.label ?? null,
      runs: r.runs,
      passes: r.passes,
      findings: (r.findings ?? []).map((f) => f.label),
    }))
    .sort((a, b) => JSON.stringify([a.id, a.check, a.model]).localeCompare(JSON.stringify([b.id, b.check, b.model])));
  const models = [...(report.models ?? [])].sort((a, b) => a.id.localeCompare(b.id));
  const checks = report.checks.map((c) => c.id).sort();
  return { summary: report.summary, cases, models, checks, target: report.target, manifest: report.manifest };
}

async function merge(files: readonly string[], extra: readonly string[] = []): Promise<CliResult> {
  return runCli(['merge', ...files, ...extra], { cwd: dir });
}

beforeAll(async () => {
  ({ dir, cleanup } = await scratchDir());
  await writeManifest(dir, shardedManifest(DETERMINISTIC, BEHAVIOR));
  // The unsharded run, then the four shards at once, each its own process (as on four CI runners).
  whole = await runBin(['run', ...NO_CACHE, '--reporter', 'json=whole.json'], { cwd: dir });
  shardRuns = await Promise.all(
    SHARDS.map((k) => runBin(['run', ...NO_CACHE, '--shard', `${k}/4`, '--reporter', `json=shard-${k}.json`], { cwd: dir })),
  );
}, 240_000);
afterAll(async () => cleanup());

describe('run --shard k/n', () => {
  it('each shard reports its part: the cases and (case, column) pairs that hash to it, its index, the manifest hash, the target', async () => {
    expect(whole.code).toBe(1); // the tight discovery budgets fail
    const wholeReport = await readJson('whole.json');
    expect(wholeReport.cases).toHaveLength(DETERMINISTIC + 2 * BEHAVIOR);
    expect(wholeReport.shard).toBeUndefined();
    const hashes = new Set<string>();
    for (const k of SHARDS) {
      const report = await readJson(`shard-${k}.json`);
      expect(report.shard).toMatchObject({ index: k, count: 4 });
      expect(report.shard?.manifest).toMatch(/^sha256:[0-9a-f]{16}$/);
      hashes.add(report.shard?.manifest ?? '');
      expect(report.target).toEqual(wholeReport.target);
      expect(report.cases.length).toBeGreaterThan(20);
      for (const record of report.cases) expect(shardOf(record.id, 4, record.model)).toBe(k);
    }
    expect(hashes.size).toBe(1);
    expect(shardRuns.map((r) => r.code)).toContain(1);
  });

  it('refuses --shard with --only or --baseline, and a malformed k/n, with exit 2 before connecting', async () => {
    const withOnly = await runCli(['run', '--shard', '1/4', '--only', 'budget-0'], { cwd: dir });
    expect(withOnly.code).toBe(2);
    expect(withOnly.stderr).toContain('--shard runs a part of the whole manifest; it cannot be combined with --only');
    const withBaseline = await runCli(['run', '--shard', '1/4', '--baseline', 'whole.json'], { cwd: dir });
    expect(withBaseline.code).toBe(2);
    expect(withBaseline.stderr).toContain('mcp-eval merge <shard reports> --baseline <run.json>');
    const malformed = await runCli(['run', '--shard', '5/4'], { cwd: dir });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--shard must be k/n with 1 <= k <= n <= 256');
  });
});

describe('mcp-eval merge', () => {
  it('four shards merged equal the unsharded run case for case, with the same exit status, and the merged SARIF validates', async () => {
    const merged = await merge([...SHARD_FILES].reverse(), [
      '--reporter',
      'json=merged.json',
      '--reporter',
      'sarif=merged.sarif',
      '--reporter',
      'junit=merged.xml',
      '--reporter',
      'pretty',
    ]);
    expect(merged.code).toBe(whole.code);
    expect(merged.stderr).toBe('');
    const mergedReport = await readJson('merged.json');
    expect(mergedReport.shard).toBeUndefined();
    expect(projection(mergedReport)).toEqual(projection(await readJson('whole.json')));

    const sarifText = await read('merged.sarif');
    expect(sarifSchemaErrors(JSON.parse(sarifText))).toEqual([]);
    expect(githubProfileErrors(sarifText)).toEqual([]);
    for (const text of [merged.stdout, sarifText, await read('merged.xml'), await read('merged.json')]) expect(text).not.toContain(CANARY);
  });

  it('with --baseline, judges the merged run exactly as run --baseline judges the unsharded one', async () => {
    const run = await runBin(['run', ...NO_CACHE, '--baseline', 'whole.json', '--reporter', 'json=judged-whole.json'], { cwd: dir });
    const merged = await merge(SHARD_FILES, ['--baseline', 'whole.json', '--reporter', 'json=judged-merged.json']);
    expect(merged.code).toBe(run.code);
    const notes = (result: CliResult) => result.stderr.split('\n').filter((line) => line.startsWith('baseline:'));
    expect(notes(merged)).toEqual(notes(run));
    // The 45 tight budgets fail their own gates: held to them, not compared.
    expect(notes(merged)).toContain('baseline: 135 compared, 0 regressed');
    expect(projection(await readJson('judged-merged.json'))).toEqual(projection(await readJson('judged-whole.json')));
  }, 120_000);

  it('a missing shard is exit 2 naming it', async () => {
    const result = await merge(
      SHARD_FILES.filter((f) => f !== 'shard-3.json'),
      ['--reporter', 'json'],
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'mcp-eval: cannot merge: these reports are not the shards of one run, each once:\n  shard 3/4 is missing',
    );
  });

  it('overlapping shards (one given twice) are exit 2 naming the shard and the doubled cases', async () => {
    const result = await merge([...SHARD_FILES, 'shard-2.json'], ['--reporter', 'json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('  shard 2/4 is given 2 times: shard-2.json, shard-2.json');
    const second = await readJson('shard-2.json');
    const [doubled] = second.cases.filter((r) => r.model === undefined);
    expect(result.stderr).toContain(`  case ${doubled?.id ?? ''} is doubled: in shards 2/4, 2/4`);
    // Only the first MAX_SHOWN_SHARD_PROBLEMS are listed.
    expect(result.stderr).toMatch(/… and \d+ more\n$/);
  });

  it('a case in a shard it does not hash to is exit 2 naming the case and both shards', async () => {
    const first = await readJson('shard-1.json');
    const second = await readJson('shard-2.json');
    const moved = second.cases.find((r) => r.model === undefined);
    if (moved === undefined) throw new Error('shard 2 has no deterministic case');
    const cases = [...first.cases, moved];
    const summary = { ...first.summary, cases: cases.length, [moved.status]: first.summary[moved.status] + 1 };
    await writeFile(join(dir, 'tampered-1.json'), JSON.stringify({ ...first, cases, summary }));
    const result = await merge(['tampered-1.json', ...SHARD_FILES.slice(1)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`  case ${moved.id} is in tampered-1.json (shard 1/4) but belongs to shard 2/4`);
    expect(result.stderr).toContain(`  case ${moved.id} is doubled: in shards 1/4, 2/4`);
  });

  it('a case id with a terminal control is refused by the report schema, never echoed', async () => {
    const first = await readJson('shard-1.json');
    const [record] = first.cases;
    if (record === undefined) throw new Error('shard 1 has no case');
    const cases = [...first.cases, { ...record, id: `\u001b[2K\u001b[1A${CANARY}` }];
    const summary = { ...first.summary, cases: cases.length, [record.status]: first.summary[record.status] + 1 };
    await writeFile(join(dir, 'escape-1.json'), JSON.stringify({ ...first, cases, summary }));
    const result = await merge(['escape-1.json', ...SHARD_FILES.slice(1)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^mcp-eval: escape-1\.json is not an MCP Eval JSON report \(1 problems, first: \/cases\/\d+\/id holds a control character/,
    );
    expect(result.stderr).not.toContain(CANARY);
    expect(result.stderr).not.toContain('\u001b');
  });

  it('a case id that is not a manifest case id is never echoed', async () => {
    const first = await readJson('shard-1.json');
    const second = await readJson('shard-2.json');
    const [record] = first.cases;
    if (record === undefined) throw new Error('shard 1 has no case');
    const hostile = { ...record, id: `see ${CANARY} now` };
    const add = (report: RunReport) => {
      const cases = [...report.cases, hostile];
      return {
        ...report,
        cases,
        summary: { ...report.summary, cases: cases.length, [hostile.status]: report.summary[hostile.status] + 1 },
      };
    };
    await writeFile(join(dir, 'hostile-1.json'), JSON.stringify(add(first)));
    await writeFile(join(dir, 'hostile-2.json'), JSON.stringify(add(second)));
    const result = await merge(['hostile-1.json', 'hostile-2.json', ...SHARD_FILES.slice(2)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('  a case whose id is not a manifest case id is doubled: in shards 1/4, 2/4');
    expect(result.stderr).not.toContain(CANARY);
  });

  /** Shard 2 without its failing cases, its summary recounted: a valid report that hides failures. */
  async function withoutFailures(): Promise<{ file: string; removed: string[] }> {
    const second = await readJson('shard-2.json');
    const removed = second.cases.filter((r) => r.status === 'fail' && r.model === undefined).map((r) => r.id);
    expect(removed.length).toBeGreaterThan(0);
    const cases = second.cases.filter((r) => !removed.includes(r.id));
    const summary = { cases: cases.length, pass: 0, fail: 0, skip: 0, error: 0 };
    for (const r of cases) summary[r.status] += 1;
    await writeFile(join(dir, 'thinned-2.json'), JSON.stringify({ ...second, cases, summary }));
    return { file: 'thinned-2.json', removed };
  }

  it('a shard that lost its failing cases (summary recounted) is exit 2 naming each missing case, from the manifest', async () => {
    const { file, removed } = await withoutFailures();
    const result = await merge([SHARD_FILES[0] ?? '', file, ...SHARD_FILES.slice(2)], ['--reporter', 'json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^mcp-eval: cannot merge: these reports are not the shards of one run, each once:\n/);
    const [firstRemoved] = removed;
    expect(result.stderr).toContain(`  case ${firstRemoved ?? ''} is missing: none of the 4 shards holds it\n`);
  });

  it('without the manifest, the plan the shard recorded tells it lost cases (exit 2)', async () => {
    const { file, removed } = await withoutFailures();
    const original = await read('mcp-eval.yaml');
    await writeFile(join(dir, 'mcp-eval.yaml'), `${original}# edited since the shards ran\n`);
    try {
      const result = await merge([SHARD_FILES[0] ?? '', file, ...SHARD_FILES.slice(2)], ['--reporter', 'json']);
      expect(result.code).toBe(2);
      const second = await readJson('shard-2.json');
      const assigned = second.shard?.assigned.units ?? 0;
      expect(result.stderr).toBe(
        `mcp-eval: cannot merge: these reports are not the shards of one run, each once:\n  thinned-2.json (shard 2/4) holds ${assigned - removed.length} of the ${assigned} cases its run was assigned\n`,
      );
    } finally {
      await writeFile(join(dir, 'mcp-eval.yaml'), original);
    }
  });

  it('with --baseline, a baseline case the merged run has no record of is listed as case-missing', async () => {
    const whole = await readJson('whole.json');
    const [record] = whole.cases.filter((r) => r.model === undefined && r.status === 'pass');
    if (record === undefined) throw new Error('no passing case');
    const cases = [...whole.cases, { ...record, id: 'retired-case' }];
    await writeFile(
      join(dir, 'with-retired.json'),
      JSON.stringify({ ...whole, cases, summary: { ...whole.summary, cases: cases.length, pass: whole.summary.pass + 1 } }),
    );
    const result = await merge(SHARD_FILES, ['--baseline', 'with-retired.json', '--reporter', 'json=judged-retired.json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('baseline: 135 compared, 0 regressed');
    expect(result.stderr).toMatch(/^baseline: .*, 1 missing since the baseline$/m);
    expect(result.stderr).toContain('\n  retired-case: case-missing\n');
  }, 120_000);

  it('shards of different manifests, or of different splits, are exit 2 naming the shard and why', async () => {
    const { dir: other, cleanup: cleanOther } = await scratchDir();
    try {
      // The same file name and server, one parameter changed: another manifest.
      await writeManifest(other, shardedManifest(DETERMINISTIC, BEHAVIOR, 1));
      const foreign = await runBin(['run', ...NO_CACHE, '--shard', '4/4', '--reporter', 'json=shard-4.json'], { cwd: other });
      expect(foreign.code).not.toBe(2);
      await writeFile(join(dir, 'foreign-4.json'), await readFile(join(other, 'shard-4.json')));
    } finally {
      await cleanOther();
    }
    const mixed = await merge([...SHARD_FILES.slice(0, 3), 'foreign-4.json']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain(
      '  foreign-4.json (shard 4/4) is not a shard of the same run as shard-1.json (shard 1/4): another manifest (its hash differs)',
    );

    const fourth = await readJson('shard-4.json');
    await writeFile(join(dir, 'split-3.json'), JSON.stringify({ ...fourth, shard: { ...fourth.shard, index: 3, count: 3 } }));
    const split = await merge([...SHARD_FILES.slice(0, 3), 'split-3.json']);
    expect(split.code).toBe(2);
    expect(split.stderr).toContain(
      '  split-3.json (shard 3/3) is not a shard of the same run as shard-1.json (shard 1/4): it splits into 3 shards, not 4',
    );
  }, 120_000);

  it('a report that is not a shard, or is too large, is exit 2 before anything is merged', async () => {
    const unsharded = await merge(['whole.json', ...SHARD_FILES]);
    expect(unsharded.code).toBe(2);
    expect(unsharded.stderr).toContain('whole.json is not a shard report; merge joins the reports of `mcp-eval run --shard k/n`');

    await writeFile(join(dir, 'huge.json'), '');
    await truncate(join(dir, 'huge.json'), MAX_REPORT_BYTES + 1); // sparse: nothing is written
    const huge = await merge([...SHARD_FILES.slice(0, 3), 'huge.json']);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain(`huge.json is larger than ${MAX_REPORT_BYTES} bytes`);

    const none = await merge([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('merge needs the shard reports');
  });

  it('--baseline refuses a manifest that changed since the shards ran', async () => {
    const original = await read('mcp-eval.yaml');
    try {
      await writeFile(
        join(dir, 'mcp-eval.yaml'),
        `${original}  - { id: added-later, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }\n`,
      );
      const result = await merge(SHARD_FILES, ['--baseline', 'whole.json']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--baseline needs the manifest the shards ran: mcp-eval.yaml has changed since (its hash differs)');
    } finally {
      await writeFile(join(dir, 'mcp-eval.yaml'), original);
    }
  });
});
