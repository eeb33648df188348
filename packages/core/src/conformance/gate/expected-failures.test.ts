import { describe, expect, it } from 'vitest';

import { formatManifestError } from '../../manifest/manifest-error.js';
import type { CaseRecord } from '../../record.js';
import { applyExpectedFailures } from './apply-expected-failures.js';
import { parseExpectedFailures } from './expected-failures.js';
import { conformanceChecks } from '../index.js';

const FILE = 'expected-failures.yaml';
const IDS = conformanceChecks.map((check) => check.id);

function errorsOf(text: string): string[] {
  const parsed = parseExpectedFailures(text, FILE, IDS);
  return parsed.ok ? [] : parsed.errors.map(formatManifestError);
}

function entriesOf(text: string) {
  const parsed = parseExpectedFailures(text, FILE, IDS);
  if (!parsed.ok) throw new Error(parsed.errors.map(formatManifestError).join('\n'));
  return parsed.entries;
}

describe('parseExpectedFailures', () => {
  it('reads a list of entries as reviewed conformance entries with their optional era and transport, justification trimmed, located', () => {
    const entries = entriesOf(
      [
        '- id: unsupported-version-error',
        '  era: modern',
        '  transport: stdio',
        '  justification: "  The SDK checks the first request only.  "',
        '- id: unknown-tool-error',
        '  justification: Reported upstream.',
      ].join('\n'),
    );
    expect(entries).toEqual([
      {
        family: 'conformance',
        check: 'unsupported-version-error',
        era: 'modern',
        transport: 'stdio',
        justification: 'The SDK checks the first request only.',
        location: { file: FILE, line: 1, column: 3 },
      },
      {
        family: 'conformance',
        check: 'unknown-tool-error',
        justification: 'Reported upstream.',
        location: { file: FILE, line: 5, column: 3 },
      },
    ]);
    expect(entriesOf('')).toEqual([]);
  });

  it.each([
    ['a mapping, not a list', 'expected_failures: []\n', `${FILE}:1:1: an expected-failures file is a list`],
    ['no justification', '- id: unknown-tool-error\n', `${FILE}:1:3: missing \`justification\``],
    ['an empty justification', '- id: unknown-tool-error\n  justification: "  "\n', `${FILE}:2:18: \`justification\` must say why`],
    ['an unknown id', '- id: no-such-assertion\n  justification: x\n', `${FILE}:1:7: \`id\` must name a conformance assertion`],
    ['an unknown era', '- id: unknown-tool-error\n  era: future\n  justification: x\n', `${FILE}:2:8: \`era\` must be modern or legacy`],
    [
      'an unknown transport',
      '- id: unknown-tool-error\n  transport: ws\n  justification: x\n',
      `${FILE}:2:14: \`transport\` must be stdio or http`,
    ],
    ['an unknown key', '- id: unknown-tool-error\n  reason: x\n  justification: x\n', `${FILE}:2:3: unknown key \`reason\``],
    [
      'a repeated entry',
      '- id: unknown-tool-error\n  justification: a\n- id: unknown-tool-error\n  justification: b\n',
      `${FILE}:3:3: duplicate expected failure of unknown-tool-error (first at line 1)`,
    ],
    ['bad YAML', '- id: [unclosed\n', `${FILE}:`],
  ])('rejects %s at file:line:column', (_name, text, message) => {
    const errors = errorsOf(text);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.some((e) => e.startsWith(message))).toBe(true);
  });

  it('bounds alias expansion as the manifest does (a billion laughs is an error at its first alias, not a hang)', () => {
    const letter = (i: number): string => String.fromCharCode(97 + i);
    const levels = ['    a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      levels.push(`    ${letter(i)}: &${letter(i)} [${Array.from({ length: 10 }, () => `*${letter(i - 1)}`).join(', ')}]`);
    const started = performance.now();
    const errors = errorsOf(`- id: unknown-tool-error\n  justification: x\n  laughs:\n${levels.join('\n')}\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${FILE}:5:\\d+: invalid YAML: aliases expand the document past`));
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('never echoes an unknown id (it may be anything)', () => {
    expect(errorsOf('- id: "CANARY-secret"\n  justification: x\n').join('\n')).not.toContain('CANARY-secret');
  });
});

const record = (id: string, status: CaseRecord['status'], label: string | undefined, era?: 'modern' | 'legacy'): CaseRecord => ({
  id,
  kind: 'conformance',
  check: id,
  status,
  ...(label === undefined ? {} : { label }),
  measurements: {},
  runs: 1,
  passes: status === 'pass' ? 1 : 0,
  passRate: status === 'pass' ? 1 : 0,
  durationMs: 1,
  ...(era === undefined ? {} : { era }),
});

describe('applyExpectedFailures', () => {
  const entries = entriesOf(
    [
      '- id: unsupported-version-error',
      '  era: modern',
      '  justification: a',
      '- id: unknown-tool-error',
      '  transport: http',
      '  justification: b',
      '- id: tool-schemas',
      '  justification: c',
      '- id: legacy-initialize',
      '  justification: d',
    ].join('\n'),
  );

  it('passes an accepted failure, fails a stale entry, per era and transport, and says which entries matched nothing', () => {
    const records = [
      record('unsupported-version-error', 'fail', 'established-connection-served', 'modern'),
      record('unknown-tool-error', 'fail', 'reported-as-tool-error', 'modern'),
      record('tool-schemas', 'pass', 'schemas-valid', 'modern'),
      record('tool-schemas', 'fail', 'schema-invalid', 'legacy'),
      record('legacy-initialize', 'skip', 'era-modern', 'legacy'),
    ];
    const applied = applyExpectedFailures(records, entries, { transport: 'stdio' });
    expect(applied.records.map((r) => `${r.id}/${r.era ?? ''} ${r.status}:${r.label ?? ''}`)).toEqual([
      'unsupported-version-error/modern pass:accepted-failure',
      // The entry is for HTTP only.
      'unknown-tool-error/modern fail:reported-as-tool-error',
      'tool-schemas/modern fail:stale-expected-failure',
      'tool-schemas/legacy pass:accepted-failure',
      'legacy-initialize/legacy skip:era-modern',
    ]);
    expect(applied.records[0]?.findings).toEqual([{ label: 'established-connection-served', suppressed: true }]);
    expect(applied.records[2]?.findings).toEqual([{ label: 'schemas-valid' }]);
    expect([applied.accepted, applied.stale]).toEqual([2, 1]);
    expect(applied.unused.map((e) => e.check)).toEqual(['unknown-tool-error', 'legacy-initialize']);
  });

  it("matches a single-era run's records (no era of their own) by the run's era", () => {
    const records = [record('unsupported-version-error', 'fail', 'established-connection-served')];
    expect(applyExpectedFailures(records, entries, { transport: 'stdio', era: 'modern' }).records[0]?.label).toBe('accepted-failure');
    expect(applyExpectedFailures(records, entries, { transport: 'stdio', era: 'legacy' }).records[0]?.label).toBe(
      'established-connection-served',
    );
  });
});
