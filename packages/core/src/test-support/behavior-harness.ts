import { stdioFixture } from '@mcp-eval/fixture-servers';
import type { FixtureName } from '@mcp-eval/fixture-servers';
import type { JsonValue } from '@mcp-eval/protocol';
import { createConnector } from '@mcp-eval/transports';

import { checks } from '../checks/index.js';
import type { BehaviorColumn, OutcomeStore } from '../engine/behavior-column.js';
import type { BehaviorEvaluation, EvaluateBehaviorOptions } from '../engine/evaluate-behavior.js';
import { evaluateBehavior } from '../engine/evaluate-behavior.js';
import { parseManifest } from '../manifest/parse-manifest.js';
import type { ModelOutcome, ModelPort, ModelRequest } from '../models/model-port.js';

/** One scripted response: calls by catalog name (or `?` for a name outside it), or text only. */
export type ScriptedTurn = { readonly calls: readonly (readonly [string, JsonValue] | '?')[]; readonly text?: 'tool-call' | 'plain' };

/**
 * A model port answering from a script: the n-th response of a trial is `turns[n]` (n = the
 * assistant turns already in the request). It stands in for a provider in core's own tests, where
 * `@mcp-eval/models` (which depends on core) cannot be imported; the CLI tests drive the real
 * providers over loopback. `requests` counts decisions; `seen` keeps what was handed to it.
 */
export function scriptedPort(turns: readonly ScriptedTurn[]): ModelPort & { requests: number; seen: ModelRequest[] } {
  const port = {
    requests: 0,
    seen: [] as ModelRequest[],
    decide(request: ModelRequest): Promise<ModelOutcome> {
      port.requests += 1;
      port.seen.push(request);
      const turn = turns[request.messages.filter((m) => m.role === 'assistant').length] ?? { calls: [] };
      const calls = turn.calls.map((c, i) =>
        c === '?' ? { kind: 'unknown-tool' as const, id: `c${i}` } : { kind: 'call' as const, id: `c${i}`, name: c[0], input: c[1] },
      );
      return Promise.resolve({
        kind: 'decision',
        calls,
        textChars: turn.text === undefined ? 0 : 40,
        textLooksLikeToolCall: turn.text === 'tool-call',
        finish: calls.length > 0 ? 'tool-calls' : 'stop',
        temperatureApplied: 1,
        requests: 1,
        usage: { inputTokens: 100, outputTokens: 10 },
        latencyMs: 1,
      });
    },
  };
  return port;
}

export function scriptedColumn(id: string, port: ModelPort, available = true): BehaviorColumn {
  return {
    id,
    provider: 'openai',
    port,
    params: { temperature: 0, maxOutputTokens: 256, timeoutMs: 5000, maxRetries: 0 },
    identity: { provider: 'openai', model: `scripted-${id}`, temperature: 0, maxOutputTokens: 256 },
    concurrency: 2,
    available,
  };
}

export interface HarnessOptions {
  readonly trials?: number;
  readonly cache?: OutcomeStore;
  readonly requireModels?: boolean;
  readonly allowMutation?: boolean;
  /** The fixture over stdio, and its env. @default reference */
  readonly fixture?: readonly [FixtureName, Readonly<Record<string, string>>];
  /** The run's judge and generator. */
  readonly roles?: EvaluateBehaviorOptions['roles'];
}

/** Parses `cases` (YAML list items) as a manifest's cases and runs them on `columns` against the reference fixture over stdio. */
export async function runBehaviorCases(
  cases: string,
  columns: readonly BehaviorColumn[],
  options: HarnessOptions = {},
): Promise<BehaviorEvaluation> {
  // The columns are declared so a case's `models:` is checked against them as in a real manifest.
  const declared = columns.map((c) => `  - { id: ${c.id}, provider: lexical }\n`).join('');
  const parsed = parseManifest(
    `version: 1\nserver:\n  stdio: { command: node }\nmodels:\n${declared}cases:\n${cases}`,
    'golden.yaml',
    checks,
  );
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return evaluateBehavior({
    connector: createConnector(stdioFixture(options.fixture?.[0] ?? 'reference', options.fixture?.[1] ?? {}), { timeoutMs: 10_000 }),
    cases: parsed.manifest.cases,
    columns,
    trials: options.trials ?? 1,
    timeoutMs: 10_000,
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(options.requireModels === undefined ? {} : { requireModels: options.requireModels }),
    ...(options.allowMutation === undefined ? {} : { allowMutation: options.allowMutation }),
    ...(options.roles === undefined ? {} : { roles: options.roles }),
  });
}
