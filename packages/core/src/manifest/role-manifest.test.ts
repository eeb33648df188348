import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { MAX_INTENT_CHARS } from '../checks/behavior/behavior-params.js';
import { parseManifest } from './parse-manifest.js';

const FILE = 'golden/mcp-eval.yaml';
const doc = (roles: string) => `version: 1
server:
  stdio: { command: node, args: [server.js] }
models:
  - { id: gpt, provider: openai, model: gpt-4.1-mini }
  - { id: local, provider: openai-compatible, base_url: "http://127.0.0.1:11434/v1", model: qwen }
  - { id: lexical, provider: lexical }
${roles}
cases:
  - { id: thanks, behavior: no-call, task: "Thanks" }
`;
const parse = (roles: string) => parseManifest(doc(roles), FILE, checks);

describe('judge: and generator:', () => {
  it('name a column; votes default to 3', () => {
    const result = parse('judge: { model: gpt }\ngenerator: { model: local }');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.manifest.judge).toEqual({ model: 'gpt', votes: 3, location: { file: FILE, line: 8, column: 8 } });
    expect(result.manifest.generator).toMatchObject({ model: 'local' });
  });

  it('votes are bounded 1..MAX_JUDGE_VOTES', () => {
    expect(parse('judge: { model: gpt, votes: 5 }').ok).toBe(true);
    for (const votes of [0, 10, 1.5]) expect(parse(`judge: { model: gpt, votes: ${votes} }`).ok).toBe(false);
  });

  it('an undeclared column and the lexical column are errors at file:line:column', () => {
    const undeclared = parse('judge: { model: claude }');
    expect(undeclared.ok).toBe(false);
    if (undeclared.ok) return;
    expect(undeclared.errors).toMatchObject([{ file: FILE, line: 8, column: 17 }]);
    expect(undeclared.errors[0]?.message).toContain('does not declare');
    const lexical = parse('generator: { model: lexical }');
    expect(lexical.ok).toBe(false);
    if (lexical.ok) return;
    expect(lexical.errors[0]?.message).toContain('lexical column');
    expect(parse('judge: { model: gpt, reason: true }').ok).toBe(false);
  });

  it('a semantic match needs a judge: an error at its `match:`, in a selection and in a sequence step; its intent is bounded', () => {
    const semantic = (intent: string) => `cases:
  - id: pick
    behavior: tool-selection
    task: "Show me item a"
    expect: { tool: get_item, arguments: { id: { match: semantic, intent: "${intent}" } } }
  - id: chain
    behavior: tool-sequence
    task: "Find and file"
    expect:
      steps:
        - { tool: search, arguments: { q: { match: semantic, intent: "${intent}" } }, result: { stub: {} } }
`;
    const text = (roles: string, intent = 'the id of item a') => doc(roles).replace(/cases:[\s\S]*$/, semantic(intent));
    const without = parseManifest(text(''), FILE, checks);
    expect(without.ok).toBe(false);
    if (without.ok) return;
    expect(without.errors.map((e) => [e.line, e.message])).toEqual([
      [13, 'a `semantic` argument match needs a `judge:` column'],
      [19, 'a `semantic` argument match needs a `judge:` column'],
    ]);
    expect(parseManifest(text('judge: { model: gpt }'), FILE, checks).ok).toBe(true);
    expect(parseManifest(text('judge: { model: gpt }', 'x'.repeat(MAX_INTENT_CHARS + 1)), FILE, checks).ok).toBe(false);
  });
});
