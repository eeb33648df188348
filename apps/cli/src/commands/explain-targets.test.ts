import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY, readCallLog, stdioFixture } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

const CASES = `
cases:
  - id: missing-item
    dimension: error-honesty
    tool: get_item
    arguments: { id: does-not-exist }
    expect_retryable: false
  - id: strict-missing
    dimension: error-honesty
    tool: strict_lookup
    arguments: { id: does-not-exist }
    expect_retryable: false
  - id: tiny-catalog
    dimension: discovery-cost
    max_tools: 2
    max_schema_bytes: 1000000
`;

const FORMS = 'explain takes a case id, a `check/tool` row';
const HEAD = {
  missing: /^missing-item \(dimension error-honesty\): pass non-retryable-confirmed tool=get_item$/m,
  strict: /^strict-missing \(dimension error-honesty\): pass \S+ tool=strict_lookup$/m,
  tiny: /^tiny-catalog \(dimension discovery-cost\): fail too-many-tools$/m,
};

describe('mcp-eval explain: what it accepts as a target', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let manifest: string;
  let callLog: string;
  let elsewhere: string;

  beforeAll(async () => {
    ({ dir, cleanup } = await scratchDir());
    callLog = join(dir, 'calls.log');
    manifest = await writeManifest(dir, `version: 1\n${stdioServerYaml('reference', 'auto', { FIXTURE_CALL_LOG: callLog })}\n${CASES}`);
    // A directory without mcp-eval.yaml: explain there has no manifest to re-run a case from.
    elsewhere = join(dir, 'elsewhere');
    await mkdir(elsewhere);
  });
  afterAll(async () => cleanup());

  describe('without --report: the manifest cases', () => {
    it('a check id re-runs every case of that check, in manifest order', async () => {
      const result = await runCli(['explain', 'error-honesty', manifest], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(HEAD.missing);
      expect(result.stdout).toMatch(HEAD.strict);
      expect(result.stdout.indexOf('missing-item (')).toBeLessThan(result.stdout.indexOf('\n\nstrict-missing ('));
      expect(result.stdout).toContain('tools/call get_item');
      expect(result.stdout).toContain('tools/call strict_lookup');
    });

    it('check/tool re-runs the case of that check naming that tool', async () => {
      const result = await runCli(['explain', 'error-honesty/strict_lookup', manifest], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(HEAD.strict);
      expect(result.stdout).not.toContain('missing-item');
    });

    it('a label matches nothing without a report: exit 2, the forms accepted, nothing sent', async () => {
      const before = readCallLog(callLog).length;
      const result = await runCli(['explain', 'too-many-tools', manifest], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`nothing in ${manifest} matches \`too-many-tools\`; ${FORMS}`);
      expect(readCallLog(callLog).length).toBe(before);
    });
  });

  describe('with --report of a run', () => {
    let report: string;
    beforeAll(async () => {
      report = join(dir, 'run.json');
      const run = await runCli(['run', manifest, '--reporter', `json=${report}`, '--quiet'], { cwd: dir });
      expect(run.code).toBe(1);
    });

    it("a label re-runs the manifest case whose record carries it (the manifest defaults to the cwd's mcp-eval.yaml)", async () => {
      const result = await runCli(['explain', 'too-many-tools', '--report', report], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(HEAD.tiny);
      expect(result.stdout).toContain('tools/list');
    });

    it("check/tool matches a record's check and tool", async () => {
      const result = await runCli(['explain', 'error-honesty/get_item', manifest, '--report', report], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(HEAD.missing);
      expect(result.stdout).not.toContain('strict-missing');
    });

    it('with no manifest to re-run it from, shows what the report holds and sends nothing', async () => {
      const before = readCallLog(callLog).length;
      const result = await runCli(['explain', 'tiny-catalog', '--report', report], { cwd: elsewhere });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^tiny-catalog \(dimension discovery-cost\): fail too-many-tools\n {2}tools=\d+ /);
      expect(result.stdout).toContain('; nothing was sent\n');
      expect(result.stdout).toContain('note: no manifest was read (pass the one that holds `tiny-catalog` to re-run it)');
      expect(result.stdout).not.toContain('connection 1');
      expect(readCallLog(callLog).length).toBe(before);
    });

    it('a target matching nothing in the report: exit 2 with the forms accepted', async () => {
      const result = await runCli(['explain', 'no-such-thing', '--report', report], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^mcp-eval: nothing in \S+run\.json matches `no-such-thing`; explain takes a case id, a `check\/tool` row .*, a check id or a label/,
      );
    });

    it('a report that is not one is exit 2, naming no content', async () => {
      const bogus = await writeManifest(dir, `{"reportVersion": 1, "x": "${CANARY}"}`, 'bogus.json');
      const result = await runCli(['explain', 'tiny-catalog', '--report', bogus], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--report ${bogus} is not an MCP Eval JSON report`);
      expect(result.stderr).not.toContain(CANARY);
    });
  });

  describe('with --report of a scan', () => {
    let report: string;
    let scanLog: string;
    let identity: string;
    beforeAll(async () => {
      report = join(dir, 'scan.json');
      scanLog = join(dir, 'scan-calls.log');
      const { command, args } = stdioFixture('scan-targets');
      const line = [command, ...args].map((word) => `'${word}'`).join(' ');
      const scan = await runCli(
        ['scan', '--stdio', line, '--env', `FIXTURE_CALL_LOG=${scanLog}`, '--reporter', `json=${report}`, '--quiet'],
        {
          cwd: dir,
        },
      );
      expect(scan.code).not.toBe(2);
      identity = (JSON.parse(await readFile(report, 'utf8')) as { target: { identity: string } }).target.identity;
    });

    it('a scan row is shown as the report holds it, with a note that the report holds only a hash of the target', async () => {
      const before = readCallLog(scanLog).length;
      const result = await runCli(['explain', 'latency-budget/list_all', '--report', report], { cwd: elsewhere });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /^latency-budget\/list_all \(probe latency-budget\): pass within-budget tool=list_all\n {2}attempts=\d+ /,
      );
      expect(result.stdout).toContain(`a scan report holds only a hash of its target (${identity}), never the command or URL`);
      expect(result.stdout).toContain('`mcp-eval scan --stdio "<command>"` or `mcp-eval scan --url <url>`');
      expect(readCallLog(scanLog).length).toBe(before);
    });

    it('a conformance row of a scan shows each era it ran in', async () => {
      const result = await runCli(['explain', 'message-shape', '--report', report], { cwd: elsewhere });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^message-shape \(conformance message-shape, era modern\): pass /m);
      expect(result.stdout).toMatch(/^message-shape \(conformance message-shape, era legacy\): pass /m);
      expect(result.stdout).toContain('note: a scan row');
    });

    it('a label several rows carry lists their ids and labels and asks for one: exit 2', async () => {
      const result = await runCli(['explain', 'within-budget', '--report', report], { cwd: elsewhere });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `mcp-eval: \`within-budget\` (a label) matches 2 cases in ${report}; explain one of them:\n` +
          '  token-cost  within-budget\n  latency-budget/list_all  within-budget\n',
      );
    });
  });
});
