import { conformanceChecks } from '@mcp-eval/core';
import { CANARY, stdioFixture } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { runCli } from '../test-support/run-cli.js';

interface VerdictCase {
  readonly id: string;
  readonly check: string;
  readonly status: string;
  readonly label?: string;
  readonly era?: string;
}

const CONFORMANCE_IDS = new Set(conformanceChecks.map((check) => check.id));
const quoted = (target: { command: string; args?: readonly string[] }): string =>
  [target.command, ...(target.args ?? [])].map((w) => `'${w}'`).join(' ');

/** Every conformance record of a report, keyed by era and id, as `status:label`. */
function conformanceVerdicts(cases: readonly VerdictCase[]): Record<string, string> {
  const verdicts = cases
    .filter((c) => CONFORMANCE_IDS.has(c.check))
    .map((c) => [`${c.era ?? '-'}/${c.id}`, `${c.status}:${c.label ?? ''}`]);
  return Object.fromEntries(verdicts);
}

async function verdictsOf(command: 'scan' | 'conformance', args: readonly string[]) {
  const result = await runCli([command, ...args, '--reporter', 'json', '--timeout', '15000']);
  expect(result.stdout + result.stderr).not.toContain(CANARY);
  const report = JSON.parse(result.stdout) as { readonly cases: readonly VerdictCase[] };
  return { code: result.code, verdicts: conformanceVerdicts(report.cases) };
}

// should-flaws serves a cursor it never issued (invalid-cursor, a SHOULD) in both eras.
const server = ['--stdio', quoted(stdioFixture('should-flaws'))];

describe('scan runs every conformance assertion as conformance runs them', () => {
  it('by default on a dual-era server: the same eras, and the same status and label for every record', async () => {
    const [{ verdicts: scanned }, { verdicts: conformed }] = await Promise.all([
      verdictsOf('scan', server),
      verdictsOf('conformance', server),
    ]);
    expect(Object.keys(conformed).some((key) => key.startsWith('legacy/'))).toBe(true);
    expect(Object.keys(conformed).some((key) => key.startsWith('modern/'))).toBe(true);
    expect(conformed['legacy/invalid-cursor']).toBe('pass:should-unmet');
    expect(scanned).toEqual(conformed);
  });

  it('with --protocol 2025-11-25 --strict: the SHOULD fails in both, record for record', async () => {
    const args = [...server, '--protocol', '2025-11-25'];
    const [{ verdicts: scanned }, { verdicts: conformed }] = await Promise.all([verdictsOf('scan', args), verdictsOf('conformance', args)]);
    expect(scanned).toEqual(conformed);
    expect(scanned['-/invalid-cursor']).toBe('pass:should-unmet');
    const [strictScan, strictConformance] = await Promise.all([
      verdictsOf('scan', [...args, '--strict']),
      verdictsOf('conformance', [...args, '--strict']),
    ]);
    expect(strictScan.verdicts).toEqual(strictConformance.verdicts);
    expect(strictScan.verdicts['-/invalid-cursor']).toBe('fail:tools-served');
  });
});
