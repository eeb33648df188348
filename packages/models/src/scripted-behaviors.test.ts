import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Conversation,
  ConversationOptions,
  ModelParams,
  ModelPort,
  ModelTool,
  SequenceExpectation,
  TrialOutcome,
} from '@mcp-eval/core';
import {
  foldTrials,
  noCallTrial,
  NO_CALL_POLICY,
  outcomeCacheKey,
  prepareInputSchema,
  runConversation,
  selectionPolicy,
  selectionTrial,
  sequencePolicy,
  sequenceTrial,
  surfaceHash,
  TOOL_SELECTION_LABELS,
} from '@mcp-eval/core';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { CHAIN_TASK, ITEM_TASK, SCRIPTED_TOOLS, STUB_RESULT, startModelEndpoint, THANKS_TASK } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutcomeCache } from './cache/outcome-cache.js';
import { createColumnPort } from './create-column-port.js';

// The pieces together without the engine: the real providers over real loopback HTTP against the
// scripted endpoint, the lexical column, the conversation driver, the classifiers and the cache.

const PARAMS: ModelParams = { temperature: 0, maxOutputTokens: 256, timeoutMs: 10_000, maxRetries: 0 };
const TOOLS: ModelTool[] = SCRIPTED_TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
const schemaOf = (name: string) => prepareInputSchema(TOOLS.find((t) => t.name === name)?.inputSchema ?? {});
const ITEM = { tool: 'get_item', acceptPrerequisite: ['list_items'] };
const ITEM_ARGS = {
  expected: { id: { match: 'exact', value: 'A-17' }, verbose: { match: 'absent' } },
  schema: schemaOf('get_item'),
} as const;
const CHAIN: SequenceExpectation = {
  order: 'strict',
  maxExtraSteps: 0,
  steps: [
    { tool: 'search_issues', arguments: { state: { match: 'one_of', values: ['open'] } }, result: { stub: STUB_RESULT } },
    { tool: 'create_ticket', result: { stub: STUB_RESULT } },
  ],
};

let endpoint: ModelEndpoint;
let cacheDir: string;
beforeAll(async () => {
  endpoint = await startModelEndpoint();
  cacheDir = mkdtempSync(join(tmpdir(), 'mcp-eval-outcomes-'));
});
afterAll(async () => {
  await endpoint.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const STYLES = ['openai', 'anthropic'] as const;
type Style = (typeof STYLES)[number];

function column(style: Style, behaviour: string): ModelPort {
  return createColumnPort(
    { id: 'col', provider: style, model: `scripted-${behaviour}`, baseUrl: endpoint.baseUrl, apiKey: 'test-key-not-real' },
    { env: {} },
  );
}

async function converse(
  port: ModelPort,
  task: string,
  policy: Pick<ConversationOptions, 'maxTurns' | 'more' | 'feed'>,
): Promise<Conversation> {
  return runConversation({ port, tools: TOOLS, task, params: PARAMS, ...policy });
}

/** Every outcome a test produced, stored in the cache as the engine will. */
const stored: { key: string; outcome: TrialOutcome }[] = [];
function store(style: string, behaviour: string, check: string, outcome: TrialOutcome | undefined): void {
  if (outcome === undefined) return;
  const key = outcomeCacheKey({
    case: { id: behaviour, check },
    surface: surfaceHash(TOOLS),
    model: { provider: style, model: `scripted-${behaviour}`, temperature: 0, maxOutputTokens: 256 },
    trial: 0,
  });
  expect(createOutcomeCache(cacheDir).write(key, outcome)).toBe(true);
  stored.push({ key, outcome });
}

describe.each(STYLES)('%s provider: scripted behaviours classified', (style) => {
  const selection = async (behaviour: string) => {
    const before = endpoint.requests();
    // The engine's gated live result (here: the prerequisite is read-only), carrying the canary.
    const live = () => Promise.resolve({ kind: 'result', value: STUB_RESULT } as const);
    const conversation = await converse(column(style, behaviour), ITEM_TASK, selectionPolicy(ITEM, live));
    const trial = selectionTrial(conversation, ITEM, ITEM_ARGS);
    store(style, behaviour, 'tool-selection', trial.selection);
    store(style, behaviour, 'argument-correctness', trial.arguments);
    return { ...trial, sent: endpoint.requests() - before };
  };

  it.each([
    ['right-tool', 'selected-expected', 'args-match', 1],
    ['wrong-tool', 'selected-other', 'no-correct-selection', 1],
    ['prerequisite', 'selected-prerequisite', 'args-match', 2],
    ['unknown-tool', 'unknown-tool', 'no-correct-selection', 1],
    ['tool-as-text', 'tool-call-as-text', 'no-correct-selection', 1],
    ['extra-calls', 'extra-calls', 'no-correct-selection', 1],
    ['missing-argument', 'selected-expected', 'missing-required', 1],
    ['extra-argument', 'selected-expected', 'unexpected-argument', 1],
    ['wrong-type', 'selected-expected', 'type-mismatch', 1],
  ])('%s: %s, arguments %s, %i request(s)', async (behaviour, selectionLabel, argumentLabel, requests) => {
    const trial = await selection(behaviour);
    expect(trial.selection.label).toBe(selectionLabel);
    expect(trial.selection.status).toBe(selectionLabel.startsWith('selected-') && selectionLabel !== 'selected-other' ? 'pass' : 'fail');
    expect(trial.arguments?.label).toBe(argumentLabel);
    // No hidden extra calls: one model request per response, counted at the endpoint and by the port.
    expect(trial.sent).toBe(requests);
    expect(trial.selection.measurements.requests).toBe(requests);
  });

  it('no-call: passes a model that answers, fails one that calls a tool', async () => {
    const quiet = noCallTrial(await converse(column(style, 'no-call'), THANKS_TASK, NO_CALL_POLICY));
    expect(quiet).toMatchObject({ status: 'pass', label: 'no-call', measurements: { requests: 1 } });
    const eager = noCallTrial(await converse(column(style, 'right-tool'), ITEM_TASK, NO_CALL_POLICY));
    expect(eager).toMatchObject({ status: 'fail', label: 'over-triggered', measurements: { requests: 1 } });
    store(style, 'no-call', 'no-call', quiet);
  });

  it('tool-sequence: the chain in order matches with its arguments; reversed is sequence-order at 1', async () => {
    const schemas = new Map(TOOLS.map((t) => [t.name, prepareInputSchema(t.inputSchema)]));
    const inOrder = sequenceTrial(await converse(column(style, 'chain'), CHAIN_TASK, sequencePolicy(CHAIN)), CHAIN, schemas);
    expect(inOrder.sequence).toMatchObject({
      status: 'pass',
      label: 'sequence-match',
      measurements: { firstErrorPosition: 0, expectedSteps: 2, stepsTaken: 2, requests: 2 },
    });
    expect(inOrder.arguments).toMatchObject({ status: 'pass', label: 'args-match' });
    const reversed = sequenceTrial(await converse(column(style, 'chain-reversed'), CHAIN_TASK, sequencePolicy(CHAIN)), CHAIN, schemas);
    expect(reversed.sequence).toMatchObject({
      status: 'fail',
      label: 'sequence-order',
      measurements: { firstErrorPosition: 1, stepsTaken: 1, requests: 1 },
    });
    expect(reversed.arguments?.label).toBe('no-correct-selection');
    store(style, 'chain', 'tool-sequence', inOrder.sequence);
    store(style, 'chain-reversed', 'tool-sequence', reversed.sequence);
  });
});

describe('lexical column', () => {
  it('answers the same every trial with no request, and folds into a record', async () => {
    const port = createColumnPort({ id: 'lexical', provider: 'lexical' });
    const before = endpoint.requests();
    const trials: TrialOutcome[] = [];
    for (let trial = 0; trial < 5; trial += 1) {
      trials.push(selectionTrial(await converse(port, ITEM_TASK, selectionPolicy(ITEM)), ITEM).selection);
    }
    expect(endpoint.requests()).toBe(before);
    expect(new Set(trials.map((t) => t.label)).size).toBe(1);
    expect(Object.keys(TOOL_SELECTION_LABELS)).toContain(trials[0]?.label);
    const record = foldTrials('tool-selection', trials, 'hard');
    expect(record.measurements).toMatchObject({ trials: 5, requests: 0, inputTokens: 0, flaky: 0 });
    // Three `*_item` tools share the task's terms: BM25 sees no margin and makes no call, every run.
    expect(record).toMatchObject({ status: 'fail', label: 'no-call' });
  });
});

describe('the outcome cache after the scripted run', () => {
  it('replays every stored outcome, and holds no canary from descriptions, results or model text', () => {
    expect(stored.length).toBeGreaterThan(20);
    const cache = createOutcomeCache(cacheDir);
    for (const { key, outcome } of stored) expect(cache.read(key)).toEqual(outcome);
    const dir = join(cacheDir, 'model');
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain('A-17');
    }
  });

  it('misses on an edited description', () => {
    const edited = TOOLS.map((t) => (t.name === 'get_item' ? { ...t, description: 'Fetch one item.' } : t));
    const [first] = stored;
    expect(first).toBeDefined();
    const key = outcomeCacheKey({
      case: { id: 'right-tool', check: 'tool-selection' },
      surface: surfaceHash(edited),
      model: { provider: 'openai', model: 'scripted-right-tool', temperature: 0, maxOutputTokens: 256 },
      trial: 0,
    });
    expect(stored.some((s) => s.key === key)).toBe(false);
    expect(createOutcomeCache(cacheDir).read(key)).toBeUndefined();
  });
});
