import { describe, expect, it } from 'vitest';

import { parseManifest } from '../../manifest/parse-manifest.js';
import { checks } from '../index.js';
import { MAX_RESULT_ENTRIES, taskCompletion } from './task-completion.js';

const HEAD = `version: 1
server:
  stdio: { command: node }
models:
  - { id: gpt, provider: openai, model: m }
`;
const CASE = `cases:
  - id: read-a
    behavior: task-completion
    task: "Read item a"
    rubric: rubric.yaml
`;
const parse = (text: string) => parseManifest(text, 'm.yaml', checks);

describe('task-completion', () => {
  it('is a behavior case kind with the four labels the issue names', () => {
    expect(taskCompletion.caseKind).toBe(true);
    expect(Object.keys(taskCompletion.labels).sort()).toEqual(['judge-unparseable', 'rubric-met', 'rubric-not-met', 'rubric-partial']);
  });

  it('needs a judge: without `judge:` the case is an error at its `behavior:`', () => {
    const result = parse(HEAD + CASE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([{ file: 'm.yaml', line: 8, column: 15, message: 'a task-completion case needs a `judge:` column' }]);
    expect(parse(`${HEAD}judge: { model: gpt }\n${CASE}`).ok).toBe(true);
  });

  it('bounds its keys: results per tool (stub or live), max_steps 1..MAX_CONVERSATION_TURNS, no unknown keys', () => {
    const withJudge = (extra: string) => parse(`${HEAD}judge: { model: gpt }\n${CASE}${extra}`).ok;
    expect(withJudge('    results: { get_item: live, list_items: { stub: { items: [] } } }\n    max_steps: 4\n')).toBe(true);
    expect(withJudge('    max_steps: 17\n')).toBe(false);
    expect(withJudge('    results: { get_item: sometimes }\n')).toBe(false);
    expect(withJudge('    reason: true\n')).toBe(false);
    const many = Object.fromEntries(Array.from({ length: MAX_RESULT_ENTRIES + 1 }, (_, i) => [`t${i}`, 'live']));
    expect(withJudge(`    results: ${JSON.stringify(many)}\n`)).toBe(false);
  });
});
