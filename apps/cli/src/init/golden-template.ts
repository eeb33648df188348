import type { ToolProfile } from './tool-profile.js';

/** The model layer's part of a starter manifest: a `models:` block and commented golden cases. */
export interface GoldenTemplate {
  /** Top-level lines before `cases:`. */
  readonly models: readonly string[];
  /** Lines after the last case, indented as list items of `cases:`, every one a comment. */
  readonly cases: readonly string[];
}

/** A case id for a tool's golden case: `select-<name>`, `/` (allowed in tool names, not ids) as `-`. */
function caseIds(tools: readonly Pick<ToolProfile, 'name'>[]): string[] {
  const taken = new Set<string>();
  return tools.map((tool) => {
    const base = `select-${tool.name.replaceAll('/', '-')}`;
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

const MODELS_BLOCK = [
  "# The model layer: does a model, handed these tools' descriptions, call the right one? Each",
  '# column below is asked every golden case (`golden.trials` times, default 5). `lexical` is built',
  "# in: BM25 over the tools' names, descriptions and parameters, no key, no network, not a model;",
  "# it shows how far the tools' own words tell them apart. Add real models as columns (a column",
  '# with no key is skipped `model-unavailable`, nothing sent); `mcp-eval models check` tests them.',
  'models:',
  '  - { id: lexical, provider: lexical }',
  '  # - { id: gpt, provider: openai, model: gpt-4.1-mini }              # reads OPENAI_API_KEY',
  '  # - { id: claude, provider: anthropic, model: claude-sonnet-4-5 }  # reads ANTHROPIC_API_KEY',
  '  # - { id: local, provider: openai-compatible, base_url: "http://127.0.0.1:11434/v1", model: qwen2.5:7b-instruct, concurrency: 1 }  # Ollama',
  '# model_defaults: { temperature: 0, max_output_tokens: 512, timeout_ms: 60000, max_retries: 2, concurrency: 4 }',
  '# golden: { trials: 5, budget: { max_requests: 2000, max_input_tokens: 4000000 } }',
];

/**
 * The `models:` block (the `lexical` column, provider columns as comments) and one golden
 * tool-selection case per tool, commented out: the task is the person's to write, in their
 * users' words, and a case with a placeholder task would only spend model requests on it. Tool
 * names are valid MCP names (no line break can end a comment); nothing else the server said is
 * written.
 */
export function goldenTemplate(tools: readonly Pick<ToolProfile, 'name'>[]): GoldenTemplate {
  if (tools.length === 0) return { models: MODELS_BLOCK, cases: [] };
  const ids = caseIds(tools);
  const cases = [
    '  # --- golden set (model layer): one case per tool; each is a TODO ---',
    "  # For each tool, write a request a user would make that needs it (in your users' words, not",
    "  # the description's), then uncomment the case. Add `expect.arguments` to check what the model",
    '  # passes, and `behavior: no-call` cases for requests that need no tool. See docs/models.md.',
    ...tools.flatMap((tool, i) => [
      `  # - id: ${ids[i] ?? ''}`,
      '  #   behavior: tool-selection',
      `  #   task: "TODO: a request that needs ${tool.name}"`,
      `  #   expect: { tool: ${JSON.stringify(tool.name)} }`,
    ]),
    '  # - id: thanks-calls-nothing',
    '  #   behavior: no-call',
    '  #   task: "Thanks, that\'s all for today"',
  ];
  return { models: MODELS_BLOCK, cases };
}
