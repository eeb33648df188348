import type { JsonValue } from '@mcp-eval/protocol';

import { createGenerator } from '../behavior/generator.js';
import { createJudge } from '../behavior/judge.js';
import { createRoleLedger } from '../behavior/role-ledger.js';
import type { BehaviorRoles } from '../engine/behavior-roles.js';
import type { ModelOutcome, ModelPort, ModelRequest } from '../models/model-port.js';

/** What an answering port replies: calls by name (anything outside the request's tools is `unknown-tool`), or none. */
export type Answer = readonly (readonly [string, JsonValue])[];

/** The last user turn of a request: the task, generated request, judge material or instruction. */
export function userText(request: ModelRequest): string {
  return request.messages.flatMap((m) => (m.role === 'user' ? [m.content] : [])).at(-1) ?? '';
}

/** The quoted tool name in a judge's or generator's material (catalog-units quotes `Tool name: <name>`). */
export function quotedTool(text: string): string {
  return /Tool name: (\S+)/.exec(text)?.[1] ?? '';
}

/**
 * A model port whose every decision is `answer(request)`: for core's own tests of the roles and
 * the catalog-only checks, where `@mcp-eval/models` cannot be imported (the CLI tests drive the
 * real providers over loopback). `requests` counts decisions; `seen` keeps what was handed to it.
 */
export function answeringPort(answer: (request: ModelRequest) => Answer): ModelPort & { requests: number; seen: ModelRequest[] } {
  const port = {
    requests: 0,
    seen: [] as ModelRequest[],
    decide(request: ModelRequest): Promise<ModelOutcome> {
      port.requests += 1;
      port.seen.push(request);
      const names = new Set(request.tools.map((t) => t.name));
      const calls = answer(request).map(([name, input], i) =>
        names.has(name)
          ? { kind: 'call' as const, id: `c${String(i)}`, name, input }
          : { kind: 'unknown-tool' as const, id: `c${String(i)}` },
      );
      return Promise.resolve({
        kind: 'decision',
        calls,
        textChars: 0,
        textLooksLikeToolCall: false,
        finish: calls.length > 0 ? 'tool-calls' : 'stop',
        temperatureApplied: 1,
        requests: 1,
        usage: { inputTokens: 10 * request.tools.length, outputTokens: 5 },
        latencyMs: 1,
      });
    },
  };
  return port;
}

const PARAMS = { temperature: 0, maxOutputTokens: 256, timeoutMs: 5000, maxRetries: 0 };

type AnsweringPort = ReturnType<typeof answeringPort>;

export interface ScriptedRoleScripts {
  /** Each vote's rating of the quoted tool (any other JSON answers garbage). */
  readonly rate?: (tool: string, vote: number) => JsonValue;
  readonly votes?: number;
  /** The request the generator writes for the quoted tool. */
  readonly write?: (tool: string) => string;
}

/** A run's roles on answering ports, as engine/behavior-roles.ts builds them on real columns. */
export function scriptedRoles(scripts: ScriptedRoleScripts): BehaviorRoles & { judgePort: AnsweringPort; generatorPort: AnsweringPort } {
  const votesSeen = new Map<string, number>();
  const rate = scripts.rate;
  const write = scripts.write;
  const judgePort = answeringPort((request) => {
    const tool = quotedTool(userText(request));
    const vote = votesSeen.get(tool) ?? 0;
    votesSeen.set(tool, vote + 1);
    return [['record_verdict', { rating: rate === undefined ? null : rate(tool, vote) }]];
  });
  const generatorPort = answeringPort((request) => [
    ['write_request', { request: write === undefined ? '' : write(quotedTool(userText(request))) }],
  ]);
  const ledger = createRoleLedger();
  const votes = scripts.votes ?? 3;
  return {
    ...(rate === undefined ? {} : { judge: createJudge({ column: 'judge', port: judgePort, params: PARAMS, votes, ledger }) }),
    ...(write === undefined ? {} : { generator: createGenerator({ column: 'generator', port: generatorPort, params: PARAMS, ledger }) }),
    ledger,
    identity: {
      ...(rate === undefined ? {} : { judge: { provider: 'openai', model: 'scripted-judge', votes } }),
      ...(write === undefined ? {} : { generator: { provider: 'openai', model: 'scripted-generator' } }),
    },
    judgeAvailable: rate !== undefined,
    generatorAvailable: write !== undefined,
    judgePort,
    generatorPort,
  };
}
