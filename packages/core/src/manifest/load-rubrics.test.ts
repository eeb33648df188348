import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { RUBRIC_CRITERIA_KEY } from '../behavior/task-completion.js';
import { checks } from '../checks/index.js';
import { loadManifest } from './load-manifest.js';
import { MAX_CRITERION_CHARS, MAX_RUBRIC_BYTES, MAX_RUBRIC_CRITERIA, parseRubric } from './load-rubrics.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-rubric-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MANIFEST = `version: 1
server:
  stdio: { command: node }
models:
  - { id: gpt, provider: openai, model: m }
judge: { model: gpt }
cases:
  - id: read-a
    behavior: task-completion
    task: "Read item a"
    rubric: rubrics/a.yaml
`;

describe('rubric files', () => {
  it('loadManifest reads the rubric beside the manifest onto the case', async () => {
    writeFileSync(join(dir, 'mcp-eval.yaml'), MANIFEST);
    await import('node:fs').then((fs) => fs.mkdirSync(join(dir, 'rubrics'), { recursive: true }));
    writeFileSync(join(dir, 'rubrics/a.yaml'), '- id: reads\n  criterion: "Reads item a"\n- { id: quiet, criterion: "Changes nothing" }\n');
    const loaded = await loadManifest(join(dir, 'mcp-eval.yaml'), checks, 'mcp-eval.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.manifest.cases[0]?.params[RUBRIC_CRITERIA_KEY]).toEqual([
      { id: 'reads', criterion: 'Reads item a' },
      { id: 'quiet', criterion: 'Changes nothing' },
    ]);
  });

  it('a missing or oversized rubric is an error at the case, naming the file', async () => {
    writeFileSync(join(dir, 'missing.yaml'), MANIFEST.replace('rubrics/a.yaml', 'rubrics/none.yaml'));
    const missing = await loadManifest(join(dir, 'missing.yaml'), checks, 'missing.yaml');
    expect(missing.ok ? [] : missing.errors).toEqual([
      { file: 'missing.yaml', line: 8, column: 5, message: 'case `read-a`: cannot read the rubric file (rubrics/none.yaml)' },
    ]);
    writeFileSync(join(dir, 'rubrics/big.yaml'), `- id: a\n  criterion: "${'x'.repeat(MAX_RUBRIC_BYTES)}"\n`);
    writeFileSync(join(dir, 'big.yaml'), MANIFEST.replace('rubrics/a.yaml', 'rubrics/big.yaml'));
    const big = await loadManifest(join(dir, 'big.yaml'), checks, 'big.yaml');
    expect(big.ok ? '' : big.errors[0]?.message).toContain(`larger than ${MAX_RUBRIC_BYTES} bytes`);
  });

  it.each([
    ['not a list', 'id: a\n', 1, 1, 'non-empty YAML list'],
    ['an empty list', '[]\n', 1, 1, 'non-empty YAML list'],
    ['a bad id', '- { id: "Bad Id", criterion: x }\n', 1, 9, 'criterion id'],
    ['a duplicate id', '- { id: a, criterion: x }\n- { id: a, criterion: y }\n', 2, 9, 'duplicate criterion id `a`'],
    ['an unknown key', '- { id: a, criterion: x, weight: 2 }\n', 1, 26, 'unknown key `weight`'],
    ['no criterion text', '- { id: a, criterion: "" }\n', 1, 23, 'non-empty text'],
    ['criterion text too long', `- { id: a, criterion: "${'x'.repeat(MAX_CRITERION_CHARS + 1)}" }\n`, 1, 23, 'non-empty text'],
    ['invalid YAML', '- { id: a\n', 2, 1, 'invalid YAML'],
  ])('%s is an error at file:line:column', (_name, text, line, column, message) => {
    const parsed = parseRubric(text, 'r.yaml');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors[0]).toMatchObject({ file: 'r.yaml', line, column });
    expect(parsed.errors[0]?.message).toContain(message);
  });

  it(`holds at most MAX_RUBRIC_CRITERIA (${MAX_RUBRIC_CRITERIA}) criteria`, () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `- { id: c${i}, criterion: x }`).join('\n');
    expect(parseRubric(list(MAX_RUBRIC_CRITERIA), 'r.yaml').ok).toBe(true);
    const over = parseRubric(list(MAX_RUBRIC_CRITERIA + 1), 'r.yaml');
    expect(over.ok ? '' : over.errors[0]?.message).toContain(`at most ${MAX_RUBRIC_CRITERIA}`);
  });
});
