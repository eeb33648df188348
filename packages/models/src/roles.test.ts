import type { ModelParams, ResolvedColumn, VerdictSchema } from '@mcp-eval/core';
import { createGenerator, createJudge, createRoleLedger, GENERATOR_TOOL_NAME, VERDICT_TOOL_NAME } from '@mcp-eval/core';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { GENERATED_TASK, startModelEndpoint } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createColumnPort } from './create-column-port.js';
import { createRunBudget } from './run-budget.js';

// The judge and the generator over the real providers, forced tool call and all, against the
// scripted endpoint on loopback: the scripts fill the forced tool from the schema on the wire.

const PARAMS: ModelParams = { temperature: 0, maxOutputTokens: 128, timeoutMs: 10_000, maxRetries: 0 };
const RUBRIC: VerdictSchema = {
  'finds-item': { kind: 'enum', values: ['met', 'partial', 'not-met'] },
  'no-delete': { kind: 'enum', values: ['met', 'partial', 'not-met'] },
};
const RATING: VerdictSchema = { rating: { kind: 'integer', min: 1, max: 10 } };
const MATERIAL = `Task and answer to judge. ${CANARY}`;

let endpoint: ModelEndpoint;
beforeEach(async () => {
  endpoint = await startModelEndpoint();
});
afterEach(async () => {
  await endpoint.close();
});

const STYLES = ['openai', 'anthropic', 'openai-compatible', 'google'] as const;

function port(style: (typeof STYLES)[number], script: string, budget = createRunBudget()) {
  const column: ResolvedColumn = {
    id: 'judge',
    provider: style,
    model: `scripted-${script}`,
    baseUrl: endpoint.baseUrl,
    apiKey: 'test-key-not-real',
  };
  return createColumnPort(column, { budget, env: {} });
}

describe.each(STYLES)('%s as judge and generator', (style) => {
  it('a judge that agrees: every vote forced through the verdict tool, best values, agreement 1', async () => {
    const ledger = createRoleLedger();
    const judge = createJudge({ column: 'gpt', port: port(style, 'judge-agrees'), params: PARAMS, votes: 3, ledger });
    const outcome = await judge.judge(RUBRIC, MATERIAL);
    expect(outcome).toMatchObject({
      kind: 'verdict',
      verdict: { 'finds-item': 'met', 'no-delete': 'met' },
      agreement: 1,
      votes: 3,
      requests: 3,
    });
    expect(endpoint.log.map((r) => r.forcedTool)).toEqual([VERDICT_TOOL_NAME, VERDICT_TOOL_NAME, VERDICT_TOOL_NAME]);
    const [entry] = ledger.entries();
    expect(entry).toMatchObject({ role: 'judge', model: 'gpt', requests: 3, outputTokens: 21 });
    expect(entry?.inputTokens).toBeGreaterThan(0);
    expect(JSON.stringify(outcome)).not.toContain(CANARY);
  });

  // Over google the range arrives as the field's listed values (its declarations drop the bounds).
  it('integers: the worst and the middle fill, and the median of a split', async () => {
    const low = await createJudge({ column: 'j', port: port(style, 'judge-rejects'), params: PARAMS, votes: 1 }).judge(RATING, MATERIAL);
    expect(low).toMatchObject({ kind: 'verdict', verdict: { rating: 1 }, agreement: 1 });
    const mid = await createJudge({ column: 'j', port: port(style, 'judge-partial'), params: PARAMS, votes: 1 }).judge(RUBRIC, MATERIAL);
    expect(mid).toMatchObject({ kind: 'verdict', verdict: { 'finds-item': 'partial' } });
    const split = await createJudge({ column: 'j', port: port(style, 'judge-splits'), params: PARAMS, votes: 3 }).judge(RATING, MATERIAL);
    expect(split).toMatchObject({ kind: 'verdict', verdict: { rating: 10 } });
  });

  it('a judge that splits 2–1: the majority, agreement 2/3', async () => {
    const outcome = await createJudge({ column: 'j', port: port(style, 'judge-splits'), params: PARAMS, votes: 3 }).judge(RUBRIC, MATERIAL);
    expect(outcome.kind).toBe('verdict');
    if (outcome.kind !== 'verdict') return;
    expect(outcome.verdict).toEqual({ 'finds-item': 'met', 'no-delete': 'met' });
    expect(outcome.agreement).toBeCloseTo(2 / 3, 10);
  });

  it('a judge that answers garbage is judge-unparseable, never a default score, and keeps none of its text', async () => {
    const outcome = await createJudge({ column: 'j', port: port(style, 'judge-garbage'), params: PARAMS, votes: 3 }).judge(
      RUBRIC,
      MATERIAL,
    );
    expect(outcome).toMatchObject({ kind: 'judge-unparseable', votes: 3, requests: 3 });
    expect(outcome).not.toHaveProperty('verdict');
    expect(JSON.stringify(outcome)).not.toContain(CANARY);
  });

  it('the generator: one forced request, its text in memory; no call is generator-unparseable', async () => {
    const ledger = createRoleLedger();
    const generated = await createGenerator({ column: 'local', port: port(style, 'generator'), params: PARAMS, ledger }).generate(MATERIAL);
    expect(generated).toMatchObject({ kind: 'generated', request: GENERATED_TASK, requests: 1 });
    expect(endpoint.log.at(-1)?.forcedTool).toBe(GENERATOR_TOOL_NAME);
    const garbage = await createGenerator({ column: 'local', port: port(style, 'generator-garbage'), params: PARAMS, ledger }).generate(
      MATERIAL,
    );
    expect(garbage).toMatchObject({ kind: 'generator-unparseable', requests: 1 });
    expect(JSON.stringify(garbage)).not.toContain(CANARY);
    expect(ledger.entries()).toMatchObject([{ role: 'generator', model: 'local', requests: 2 }]);
  });

  it('every vote counts against the run budget: the third vote is budget-exhausted, nothing sent for it', async () => {
    const budget = createRunBudget({ maxRequests: 2, maxInputTokens: 1_000_000 });
    const outcome = await createJudge({ column: 'j', port: port(style, 'judge-agrees', budget), params: PARAMS, votes: 3 }).judge(
      RUBRIC,
      MATERIAL,
    );
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'budget-exhausted', requests: 2 });
    expect(endpoint.requests()).toBe(2);
    expect(budget.requests()).toBe(2);
  });
});

describe('google integer verdicts', () => {
  it('@ai-sdk/google drops minimum/maximum from the declaration; the listed values still carry the range to Gemini', async () => {
    const low = await createJudge({ column: 'j', port: port('google', 'judge-rejects'), params: PARAMS, votes: 1 }).judge(RATING, MATERIAL);
    expect(low).toMatchObject({ kind: 'verdict', verdict: { rating: 1 }, votes: 1, requests: 1 });
    const sent = endpoint.log.at(-1);
    expect([sent?.wire, sent?.forcedTool]).toEqual(['google', VERDICT_TOOL_NAME]);
  });
});
