import { describe, expect, it } from 'vitest';

import { formatManifestError } from '../manifest/manifest-error.js';
import { parseReviewed } from './parse-reviewed.js';
import { REVIEWED_MAX_ENTRIES } from './reviewed-entry.js';

const FILE = 'mcp-eval.reviewed.yaml';

function errorsOf(text: string): string[] {
  const result = parseReviewed(text, FILE);
  return result.ok ? [] : result.errors.map(formatManifestError);
}

describe('parseReviewed', () => {
  it('reads every family with its optional keys and locations', () => {
    const result = parseReviewed(
      [
        '- family: conformance',
        '  check: origin-validation',
        '  justification: "  Behind the gateway, which checks Origin.  "',
        '  expires: 2027-06-30',
        '- family: lint',
        '  check: security-unconstrained-query',
        '  tool: run_query',
        '  justification: Read-only replica.',
        '- family: behavior',
        '  check: tool-selection',
        '  model: gpt-mini',
        '  justification: Known ambiguity.',
        '- family: drift',
        '  check: annotation-flipped',
        '  tool: delete_item',
        '  justification: Approved in the 2.0 review.',
      ].join('\n'),
      FILE,
    );
    expect(result).toEqual({
      ok: true,
      entries: [
        {
          family: 'conformance',
          check: 'origin-validation',
          justification: 'Behind the gateway, which checks Origin.',
          expires: '2027-06-30',
          location: { file: FILE, line: 1, column: 3 },
        },
        {
          family: 'lint',
          check: 'security-unconstrained-query',
          tool: 'run_query',
          justification: 'Read-only replica.',
          location: { file: FILE, line: 5, column: 3 },
        },
        {
          family: 'behavior',
          check: 'tool-selection',
          model: 'gpt-mini',
          justification: 'Known ambiguity.',
          location: { file: FILE, line: 9, column: 3 },
        },
        {
          family: 'drift',
          check: 'annotation-flipped',
          tool: 'delete_item',
          justification: 'Approved in the 2.0 review.',
          location: { file: FILE, line: 13, column: 3 },
        },
      ],
    });
  });

  it('an empty file reviews nothing', () => {
    expect(parseReviewed('', FILE)).toEqual({ ok: true, entries: [] });
  });

  it('locates every problem of an entry', () => {
    expect(
      errorsOf(
        [
          '- family: linter',
          '  check: Not_Kebab',
          '  tool: "bad tool"',
          '  model: GPT',
          '  justification: "   "',
          '  expires: 2027-02-30',
          '  reason: extra',
          '- check: origin-validation',
        ].join('\n'),
      ),
    ).toEqual([
      `${FILE}:1:11: \`family\` must be one of dimension, probe, conformance, lint, behavior, drift`,
      `${FILE}:2:10: \`check\` must be a check id (kebab-case, as the report names it)`,
      `${FILE}:3:9: \`tool\` must be an MCP tool name (1-128 characters from A-Z a-z 0-9 _ - . /)`,
      `${FILE}:4:10: \`model\` must be a model column's id`,
      `${FILE}:5:18: \`justification\` must say why the finding is a false positive (a non-empty string)`,
      `${FILE}:6:12: \`expires\` must be a calendar date, YYYY-MM-DD`,
      `${FILE}:7:3: unknown key \`reason\` (expected family, check, tool, model, justification, expires)`,
      `${FILE}:8:3: missing \`family\``,
      `${FILE}:8:3: missing \`justification\``,
    ]);
  });

  it('refuses a mapping, a duplicate entry and more than REVIEWED_MAX_ENTRIES entries', () => {
    expect(errorsOf('suppressions: []')).toEqual([
      `${FILE}:1:1: a reviewed file is a list of entries with family, check, justification and optionally tool, model and expires`,
    ]);
    const entry = (line: string) => [`- family: probe`, `  check: ${line}`, '  justification: ok'].join('\n');
    expect(errorsOf([entry('malformed-input'), entry('malformed-input')].join('\n'))).toEqual([
      `${FILE}:4:3: duplicate entry for probe malformed-input (first at line 1)`,
    ]);
    const many = Array.from({ length: REVIEWED_MAX_ENTRIES + 1 }, (_, i) => entry(`c${i}`)).join('\n');
    expect(errorsOf(many)).toEqual([
      `${FILE}:${REVIEWED_MAX_ENTRIES * 3 + 1}:3: a reviewed file holds at most ${REVIEWED_MAX_ENTRIES} entries (REVIEWED_MAX_ENTRIES)`,
    ]);
    expect(parseReviewed(Array.from({ length: REVIEWED_MAX_ENTRIES }, (_, i) => entry(`c${i}`)).join('\n'), FILE).ok).toBe(true);
  });

  it('bounds alias expansion and locates YAML syntax errors', () => {
    const laughs = [
      'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
      ),
    ].join('\n');
    const [problem] = errorsOf(laughs);
    expect(problem).toMatch(/^mcp-eval\.reviewed\.yaml:\d+:\d+: .*alias/i);
    expect(errorsOf('- family: [')).toHaveLength(1);
    expect(errorsOf('- family: [')[0]).toMatch(/^mcp-eval\.reviewed\.yaml:\d+:\d+: invalid YAML/);
  });
});
