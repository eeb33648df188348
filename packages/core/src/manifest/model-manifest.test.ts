import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { buildManifestSchema } from './manifest-schema.js';
import { parseManifest } from './parse-manifest.js';

const FILE = 'golden/mcp-eval.yaml';
const HEAD = `version: 1
server:
  stdio: { command: node, args: [server.js] }
`;
const MODELS = `models:
  - { id: gpt, provider: openai, model: gpt-4.1-mini, api_key: "\${env:NO_SUCH_KEY_SET}" }
  - { id: lexical, provider: lexical, concurrency: 2 }
model_defaults: { temperature: 0, timeout_ms: 5000 }
golden: { trials: 3, budget: { max_requests: 50 } }
`;
const CASES = `cases:
  - id: fetch-one
    behavior: tool-selection
    task: "Show me item A-17"
    expect:
      tool: get_item
      arguments: { id: { match: exact, value: A-17 }, verbose: { match: absent } }
    accept_prerequisite: [list_items]
    gate: soft
  - id: thanks
    behavior: no-call
    task: "Thanks"
    models: [lexical]
  - id: chain
    behavior: tool-sequence
    task: "Find and file"
    expect:
      order: in_order
      steps:
        - { tool: search_issues, arguments: { state: { match: one_of, values: [open] } }, result: { stub: { issues: [] } } }
        - { tool: create_ticket, result: live }
    max_extra_steps: 1
`;

const parse = (text: string) => parseManifest(text, FILE, checks);
const errorsOf = (text: string) => {
  const result = parse(text);
  if (result.ok) throw new Error('expected errors');
  return result.errors.map(({ line, column, message }) => ({ line, column, message }));
};

describe('the model layer in the manifest', () => {
  it('reads models, model_defaults, golden and the three behavior case kinds exactly as docs/models.md writes them', () => {
    const result = parse(HEAD + MODELS + CASES);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { manifest } = result;
    expect(manifest.models?.map((m) => [m.id, m.provider, m.timeoutMs, m.concurrency, m.maxOutputTokens])).toEqual([
      ['gpt', 'openai', 5000, 4, 512],
      ['lexical', 'lexical', 5000, 2, 512],
    ]);
    // The key reference is kept as written: an unset variable is "no key", decided at run time, not here.
    expect(manifest.models?.[0]?.apiKey).toBe('${env:NO_SUCH_KEY_SET}');
    expect(manifest.golden).toEqual({
      trials: 3,
      hostPrompt: 'neutral-v1',
      maxRequests: 50,
      maxInputTokens: 4_000_000,
      failOnInconclusive: false,
    });
    expect(manifest.cases.map((c) => [c.id, c.kind, c.check, c.gate])).toEqual([
      ['fetch-one', 'behavior', 'tool-selection', 'soft'],
      ['thanks', 'behavior', 'no-call', undefined],
      ['chain', 'behavior', 'tool-sequence', undefined],
    ]);
    expect(manifest.cases[2]?.params).toMatchObject({ max_extra_steps: 1, expect: { order: 'in_order' } });
  });

  it('defaults the matrix to lexical and trials to 5 when a manifest has behavior cases and no models:', () => {
    const result = parse(`${HEAD}cases:\n  - { id: thanks, behavior: no-call, task: Thanks, models: [lexical] }\n`);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.manifest.models).toBeUndefined();
    expect(result.manifest.golden?.trials).toBe(5);
  });

  it('locates unknown column ids, duplicate column ids, argument-correctness as a case and bad match modes', () => {
    const text = `${HEAD}models:
  - { id: gpt, provider: openai, model: m }
  - { id: gpt, provider: anthropic, model: m }
cases:
  - { id: a, behavior: no-call, task: Thanks, models: [gpt, nope] }
`;
    expect(errorsOf(text)).toEqual([
      { line: 6, column: 11, message: 'duplicate model column id `gpt` (first used at golden/mcp-eval.yaml:5:11)' },
      { line: 8, column: 61, message: 'case `a` names model column `nope`, which `models:` does not declare (declared: gpt)' },
    ]);
    const named = errorsOf(`${HEAD}cases:\n  - { id: a, behavior: argument-correctness, task: T }\n`);
    expect(named).toHaveLength(1);
    expect(named[0]?.message).toContain('not a case kind');
    expect(
      errorsOf(
        `${HEAD}cases:\n  - { id: a, behavior: tool-selection, task: T, expect: { tool: x, arguments: { id: { match: fuzzy } } } }\n`,
      ),
    ).not.toHaveLength(0);
    expect(
      errorsOf(`${HEAD}models:\n  - { id: Bad_Id, provider: lexical }\ncases:\n  - { id: a, behavior: no-call, task: T }\n`),
    ).not.toHaveLength(0);
    expect(errorsOf(`${HEAD}cases:\n  - { id: a, behavior: no-call, probe: pagination, task: T }\n`)[0]?.message).toBe(
      'case `a` has both `probe` and `behavior` (a case names exactly one check)',
    );
  });

  it('refuses a base_url or api_key the outbound client could not send, located, never echoing the value', () => {
    const SECRET = 'canary-model-9d1f';
    const column = (keys: string) =>
      `${HEAD}models:\n  - { id: gpt, provider: openai, model: m, ${keys} }\ncases:\n  - { id: a, behavior: no-call, task: T }\n`;
    const cases: [string, string][] = [
      [`base_url: "file:///etc/${SECRET}"`, '`models[0].base_url` must be an http:// or https:// URL with no user:password@ in it'],
      [`base_url: "javascript:${SECRET}"`, '`models[0].base_url` must be an http:// or https:// URL with no user:password@ in it'],
      [
        `base_url: "https://u:${SECRET}@api.example.com/v1"`,
        '`models[0].base_url` must be an http:// or https:// URL with no user:password@ in it',
      ],
      [
        `base_url: "https://api.example.com/${SECRET}\\r\\nX: 1"`,
        '`models[0].base_url` has a control character (CR, LF, NUL, tab or another), which a URL may not',
      ],
      [
        `base_url: "https://\${env:HOST}/v1\\n${SECRET}"`,
        '`models[0].base_url` has a control character (CR, LF, NUL, tab or another), which a URL may not',
      ],
      [`api_key: "${SECRET}\\r\\nX-Injected: 1"`, '`models[0].api_key` has a line break (CR or LF), which HTTP forbids in a header value'],
    ];
    for (const [keys, message] of cases) {
      const errors = errorsOf(column(keys));
      expect(errors, keys).toEqual([{ line: 5, column: expect.any(Number) as number, message }]);
      expect(JSON.stringify(errors)).not.toContain(SECRET);
    }
    expect(parse(column('base_url: "https://${env:HOST}/v1", api_key: "${env:KEY}"')).ok).toBe(true);
  });

  it('publishes the new keys and behavior cases in manifest.schema.json', () => {
    const schema = buildManifestSchema(checks) as { properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['models', 'model_defaults', 'golden']));
    expect(Object.keys(schema.$defs)).toEqual(
      expect.arrayContaining(['behavior.tool-selection', 'behavior.tool-sequence', 'behavior.no-call']),
    );
    expect(Object.keys(schema.$defs)).not.toContain('behavior.argument-correctness');
  });
});
