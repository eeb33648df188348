import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CANARY, stdioFixture } from '@mcp-eval/fixture-servers';
import type { JsonValue } from '@mcp-eval/protocol';
import { createConnector } from '@mcp-eval/transports';
import { afterAll, describe, expect, it } from 'vitest';

import { VERDICT_TOOL_NAME } from '../behavior/judge-verdict.js';
import { selfRoleWarning } from '../behavior/self-role.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import { checks } from '../checks/index.js';
import { loadManifest } from '../manifest/load-manifest.js';
import type { ModelOutcome, ModelPort, ModelRequest } from '../models/model-port.js';
import { scriptedColumn, scriptedPort } from '../test-support/behavior-harness.js';
import type { BehaviorColumn, OutcomeStore } from './behavior-column.js';
import { createBehaviorRoles } from './behavior-roles.js';
import { evaluateBehavior } from './evaluate-behavior.js';

// The judge in the engine: task-completion rubrics and `semantic` arguments, against the reference
// fixture over stdio. The column and the judge are in-process scripted ports (core cannot import
// @mcp-eval/models); the real providers' forced calls are proven in packages/models/src/roles.test.ts
// and end to end in the CLI's judge test.

type Fill = 'best' | 'middle' | 'worst' | 'garbage';

/** A judge port: fills every field of the forced verdict; `fills` cycle per request. Counts and keeps what it was asked. */
function judgePort(...fills: Fill[]): ModelPort & { requests: number; seen: ModelRequest[] } {
  const port = {
    requests: 0,
    seen: [] as ModelRequest[],
    decide(request: ModelRequest): Promise<ModelOutcome> {
      const fill = fills[port.requests % fills.length] ?? 'best';
      port.requests += 1;
      port.seen.push(request);
      const schema = request.tools[0]?.inputSchema as { properties: Record<string, { enum?: string[] }> };
      const input: Record<string, JsonValue> = {};
      for (const [id, field] of Object.entries(schema.properties)) {
        const values = field.enum ?? [];
        input[id] = fill === 'garbage' ? CANARY : fill === 'best' ? values[0]! : fill === 'worst' ? values.at(-1)! : values[1]!;
      }
      return Promise.resolve({
        kind: 'decision',
        calls: [{ kind: 'call', id: 'v', name: VERDICT_TOOL_NAME, input }],
        textChars: 0,
        textLooksLikeToolCall: false,
        finish: 'tool-calls',
        temperatureApplied: 1,
        requests: 1,
        usage: { inputTokens: 50, outputTokens: 5 },
        latencyMs: 1,
      });
    },
  };
  return port;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const RUBRIC = `- id: fetched-item
  criterion: "The assistant read item a with get_item"
- id: no-changes
  criterion: "The assistant changed nothing in the store"
`;

async function run(
  cases: string,
  column: BehaviorColumn,
  judge: ModelPort,
  options: { trials?: number; cache?: OutcomeStore; votes?: number; allowMutation?: boolean } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-judged-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'rubric.yaml'), RUBRIC);
  const manifest = `version: 1
server:
  stdio: { command: node }
models:
  - { id: ${column.id}, provider: openai, model: m }
${column.id === 'judge' ? '' : '  - { id: judge, provider: openai, model: j }\n'}judge: { model: judge, votes: ${options.votes ?? 3} }
cases:
${cases}`;
  writeFileSync(join(dir, 'mcp-eval.yaml'), manifest);
  const loaded = await loadManifest(join(dir, 'mcp-eval.yaml'), checks);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  const judgeColumn = { ...scriptedColumn('judge', judge), identity: { provider: 'openai', model: 'j', votes: options.votes ?? 3 } };
  const roles = createBehaviorRoles({ judge: { model: 'judge', votes: options.votes ?? 3 } }, [column, judgeColumn]);
  const result = await evaluateBehavior({
    connector: createConnector(stdioFixture('reference', {}), { timeoutMs: 10_000 }),
    cases: loaded.manifest.cases,
    columns: [column],
    trials: options.trials ?? 1,
    timeoutMs: 10_000,
    roles,
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(options.allowMutation === undefined ? {} : { allowMutation: options.allowMutation }),
  });
  return { ...result, behaviorRoles: roles };
}

const TASK_CASE = `  - id: read-a
    behavior: task-completion
    task: "Read item a and tell me its value"
    rubric: rubric.yaml
    results: { get_item: live }
`;
const readsA = () => scriptedPort([{ calls: [['get_item', { id: 'a' }]] }, { calls: [], text: 'plain' }]);

function memoryStore(): OutcomeStore & { entries: Map<string, TrialOutcome> } {
  const entries = new Map<string, TrialOutcome>();
  return { entries, read: (key) => entries.get(key), write: (key, outcome) => (entries.set(key, outcome), true) };
}

describe('task-completion', () => {
  it('a judge that agrees: rubric-met, every criterion met, agreement 1, a live read-only result fed back', async () => {
    const column = readsA();
    const judge = judgePort('best');
    const { records, behaviorRoles } = await run(TASK_CASE, scriptedColumn('m', column), judge);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ check: 'task-completion', model: 'm', status: 'pass', label: 'rubric-met' });
    expect(records[0]?.measurements).toMatchObject({ criteriaMet: 2, criteriaTotal: 2, judgeAgreement: 1, requests: 2 });
    expect(judge.requests).toBe(3);
    // The judge saw the task, the criteria and the live result (which carries the fixture's canary) ...
    const material = JSON.stringify(judge.seen[0]?.messages);
    expect(material).toContain('fetched-item');
    expect(material).toContain('get_item');
    expect(material).toContain(CANARY);
    expect(judge.seen[0]?.toolChoice).toEqual({ kind: 'tool', name: VERDICT_TOOL_NAME });
    // ... and none of it reaches the record; the ledger counts the judge's spend.
    expect(JSON.stringify(records)).not.toContain(CANARY);
    expect(JSON.stringify(records)).not.toContain('read item a');
    expect(behaviorRoles.ledger.entries()).toEqual([{ role: 'judge', model: 'judge', requests: 3, inputTokens: 150, outputTokens: 15 }]);
  });

  it('a judge that splits 2–1 passes by the majority with agreement 2/3; partial, not met and garbage get their labels', async () => {
    const split = await run(TASK_CASE, scriptedColumn('m', readsA()), judgePort('best', 'worst', 'best'));
    expect(split.records[0]).toMatchObject({ status: 'pass', label: 'rubric-met' });
    expect(split.records[0]?.measurements.judgeAgreement).toBeCloseTo(2 / 3, 10);
    const partial = await run(TASK_CASE, scriptedColumn('m', readsA()), judgePort('middle'));
    expect(partial.records[0]).toMatchObject({ status: 'fail', label: 'rubric-partial' });
    expect(partial.records[0]?.measurements).toMatchObject({ criteriaMet: 0, criteriaTotal: 2 });
    const notMet = await run(TASK_CASE, scriptedColumn('m', readsA()), judgePort('worst'));
    expect(notMet.records[0]).toMatchObject({ status: 'fail', label: 'rubric-not-met' });
    const garbage = await run(TASK_CASE, scriptedColumn('m', readsA()), judgePort('best', 'garbage', 'best'));
    expect(garbage.records[0]).toMatchObject({ status: 'error', label: 'judge-unparseable' });
    expect(garbage.records[0]?.measurements.criteriaMet).toBeUndefined();
    expect(JSON.stringify(garbage.records)).not.toContain(CANARY);
  });

  it('a live result from a tool the mutation gate refuses: skip mutation-not-allowed, nothing asked of the column or the judge', async () => {
    const column = readsA();
    const judge = judgePort('best');
    const { records } = await run(TASK_CASE.replace('get_item: live', 'delete_item: live'), scriptedColumn('m', column), judge);
    expect(records[0]).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
    expect(column.requests + judge.requests).toBe(0);
  });

  it('the cache holds judged outcomes: a rerun sends nothing to the column or the judge; another judge re-judges', async () => {
    const cache = memoryStore();
    await run(TASK_CASE, scriptedColumn('m', readsA()), judgePort('best'), { cache, trials: 2 });
    expect([...cache.entries.values()].every((o) => o.label === 'rubric-met')).toBe(true);
    expect(JSON.stringify([...cache.entries.values()])).not.toContain(CANARY);
    const column = readsA();
    const judge = judgePort('best');
    const again = await run(TASK_CASE, scriptedColumn('m', column), judge, { cache, trials: 2 });
    expect(column.requests + judge.requests).toBe(0);
    expect(again.records[0]).toMatchObject({ status: 'pass', label: 'rubric-met' });
    expect(again.records[0]?.measurements.cachedTrials).toBe(2);
    const other = judgePort('best');
    await run(TASK_CASE, scriptedColumn('m', readsA()), other, { cache, trials: 2, votes: 5 });
    expect(other.requests).toBe(10);
  });
});

const SEMANTIC_CASE = `  - id: pick-a
    behavior: tool-selection
    task: "Show me item a"
    expect: { tool: get_item, arguments: { id: { match: semantic, intent: "the id of item a" } } }
`;

describe('roles in the evaluation', () => {
  it('reports each role spend, and a column that judges its own answers (a warning for the CLI, not an error)', async () => {
    const independent = await run(TASK_CASE, scriptedColumn('m', readsA()), judgePort('best'));
    expect(independent.roles).toEqual([{ role: 'judge', model: 'judge', requests: 3, inputTokens: 150, outputTokens: 15 }]);
    expect(independent.selfRoles).toBeUndefined();
    // The judge's own column under test: the same port answers both as the column and as the judge.
    const both = judgePort('best');
    const self = await run(TASK_CASE, scriptedColumn('judge', both), both);
    expect(self.selfRoles).toEqual([{ role: 'judge', model: 'judge' }]);
    expect(selfRoleWarning({ role: 'judge', model: 'judge' })).toBe(
      'warning: model column judge judges its own answers; use a different column as judge for an independent result',
    );
  });
});

describe('semantic argument matching', () => {
  it('the judge decides: yes is args-match, no is value-mismatch; the value judged is never in the record', async () => {
    const column = () => scriptedPort([{ calls: [['get_item', { id: `a ${CANARY}` }]] }]);
    const yes = judgePort('best');
    const matched = await run(SEMANTIC_CASE, scriptedColumn('m', column()), yes);
    expect(matched.records.map((r) => [r.check, r.status, r.label])).toEqual([
      ['tool-selection', 'pass', 'selected-expected'],
      ['argument-correctness', 'pass', 'args-match'],
    ]);
    expect(matched.records[1]?.measurements).toMatchObject({ judgeAgreement: 1, judgeRequests: 3 });
    expect(JSON.stringify(yes.seen[0]?.messages)).toContain('the id of item a');
    expect(JSON.stringify(matched.records)).not.toContain(CANARY);
    const no = await run(SEMANTIC_CASE, scriptedColumn('m', column()), judgePort('worst'));
    expect(no.records[1]).toMatchObject({ status: 'fail', label: 'value-mismatch' });
    const garbage = await run(SEMANTIC_CASE, scriptedColumn('m', column()), judgePort('garbage'));
    expect(garbage.records[1]).toMatchObject({ status: 'error', label: 'judge-unparseable' });
  });

  it('the deterministic matchers run first: a wrong type is type-mismatch without asking the judge', async () => {
    const judge = judgePort('best');
    const { records } = await run(SEMANTIC_CASE, scriptedColumn('m', scriptedPort([{ calls: [['get_item', { id: 17 }]] }])), judge);
    expect(records[1]).toMatchObject({ status: 'fail', label: 'type-mismatch' });
    expect(judge.requests).toBe(0);
  });
});
