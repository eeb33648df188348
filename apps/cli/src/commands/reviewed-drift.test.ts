import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { CANARY, stdioFixture } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

const drifting = [stdioFixture('drifting-catalog').command, ...stdioFixture('drifting-catalog').args].map((w) => `'${w}'`).join(' ');

const MANIFEST = `version: 1
${stdioServerYaml('drifting-catalog', 'auto', { FIXTURE_DRIFT_ERA: 'after' })}
cases:
  - { id: guess, dimension: schema-guessability, tool: description_edit, arguments: {}, read_only: true }
`;

/** Every breaking change of the drifting fixture's later release, as drift records name them. */
const BREAKING = [
  'drift/annotation-flipped/flips_read_only/readOnlyHint',
  'drift/output-schema-changed/output_changes',
  'drift/parameter-removed/loses_param',
  'drift/parameter-type-changed/type_changes',
  'drift/required-parameter-added/gains_required',
  'drift/tool-removed/removed_tool',
];

const entry = (check: string, tool: string | undefined, justification: string): string =>
  `- family: drift\n  check: ${check}\n${tool === undefined ? '' : `  tool: ${tool}\n`}  justification: ${justification}\n`;

async function run(dir: string): Promise<{ code: number | null; stderr: string; report: RunReport }> {
  const result = await runCli(['run', '--baseline', 'snap.json', '--reporter', 'json=r.json', '--reporter', 'sarif=r.sarif'], { cwd: dir });
  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
  for (const text of [result.stdout, result.stderr, await readFile(join(dir, 'r.sarif'), 'utf8'), JSON.stringify(report)])
    expect(text).not.toContain(CANARY);
  return { code: result.code, stderr: result.stderr, report };
}

describe('mcp-eval.reviewed.yaml: the drift family', () => {
  it('accepts a drift record by check or change label on a tool, reports stale entries, and clears the run when every break is reviewed', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, MANIFEST);
      expect((await runCli(['snapshot', '--stdio', drifting, '--reporter', 'json=snap.json'], { cwd: dir })).code).toBe(0);

      // Two breaks reviewed, one by the family's check id and one by the change's label; one entry stale.
      await writeFile(
        join(dir, 'mcp-eval.reviewed.yaml'),
        entry('drift', 'removed_tool', 'Retired in 2.0.') +
          entry('annotation-flipped', 'flips_read_only', 'It writes now; approved.') +
          entry('description-changed', 'flips_read_only', 'Nothing changed there.') +
          entry('drift', 'never_listed', 'A typo.'),
      );
      const partly = await run(dir);
      expect(partly.code).toBe(1);
      const reviewed = Object.fromEntries(
        partly.report.cases.filter((c) => c.kind === 'drift').map((c) => [c.id, c.reviewed?.line ?? null]),
      );
      expect(reviewed).toMatchObject({
        'drift/tool-removed/removed_tool': 1,
        'drift/annotation-flipped/flips_read_only/readOnlyHint': 5,
        'drift/parameter-removed/loses_param': null,
        'drift/description-changed/description_edit': null,
      });
      expect(partly.report.reviewedEntries?.map((e) => [e.family, e.check, e.tool, e.state])).toEqual([
        ['drift', 'drift', 'removed_tool', 'applied'],
        ['drift', 'annotation-flipped', 'flips_read_only', 'applied'],
        ['drift', 'description-changed', 'flips_read_only', 'stale'],
        ['drift', 'drift', 'never_listed', 'stale'],
      ]);
      expect(partly.stderr).toMatch(
        /^mcp-eval\.reviewed\.yaml:13:3: warning: reviewed entry for drift drift on never_listed matched nothing \(remove it\?\)$/m,
      );
      expect(partly.stderr).toMatch(
        /^mcp-eval\.reviewed\.yaml:9:3: warning: reviewed entry for drift description-changed on flips_read_only matched nothing/m,
      );

      // Every breaking change reviewed by its label on its tool: the run passes, each record still reported.
      const tools = BREAKING.map((id) => id.split('/') as [string, string, string]);
      await writeFile(join(dir, 'mcp-eval.reviewed.yaml'), tools.map(([, label, tool]) => entry(label, tool, 'Approved.')).join(''));
      const cleared = await run(dir);
      expect(cleared.code).toBe(0);
      const failing = cleared.report.cases.filter((c) => c.status === 'fail');
      expect(failing.map((c) => c.id).sort()).toEqual(BREAKING);
      expect(failing.every((c) => c.reviewed !== undefined)).toBe(true);
      expect(cleared.report.reviewedEntries?.every((e) => e.state === 'applied')).toBe(true);
    });
  }, 60_000);
});
