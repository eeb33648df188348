import type { ModelDecision, ModelMessage, ModelPort, ModelTool } from '@mcp-eval/core';
import { rankTools } from './bm25.js';

/**
 * The top tool is chosen only when it leads the runner-up by this share of its own score
 * ((top − second) / top ≥ 0.15); a closer race, or no shared term at all, is no call.
 */
export const LEXICAL_MIN_MARGIN = 0.15;

export type LexicalChoice =
  | { readonly kind: 'tool'; readonly name: string; readonly top: number; readonly margin: number }
  | { readonly kind: 'none'; readonly top: number; readonly margin: number };

/** The lexical selector's answer for a task: the top tool above the margin, or none. */
export function chooseTool(task: string, tools: readonly ModelTool[], minMargin: number = LEXICAL_MIN_MARGIN): LexicalChoice {
  const [first, second] = rankTools(task, tools);
  const top = first?.score ?? 0;
  const margin = top <= 0 ? 0 : (top - (second?.score ?? 0)) / top;
  if (first === undefined || top <= 0 || margin < minMargin) return { kind: 'none', top, margin };
  return { kind: 'tool', name: first.name, top, margin };
}

/** The task is the conversation's user text (system prompts describe the host, not the task). */
function taskText(messages: readonly ModelMessage[]): string {
  return messages.flatMap((m) => (m.role === 'user' ? [m.content] : [])).join('\n');
}

/**
 * The built-in `lexical` column. Not a model: BM25 over names, descriptions and parameters, no
 * key, no network, the same answer every run. It calls at most one tool, with no arguments
 * (`{}`), and never continues a chain: a conversation that already holds a tool result gets no
 * call. It sends no request and spends no tokens.
 */
export function createLexicalPort(minMargin: number = LEXICAL_MIN_MARGIN): ModelPort {
  return {
    decide(request) {
      const started = performance.now();
      const continuing = request.messages.some((m) => m.role === 'tool');
      const choice = continuing ? undefined : chooseTool(taskText(request.messages), request.tools, minMargin);
      const decision: ModelDecision = {
        kind: 'decision',
        calls: choice?.kind === 'tool' ? [{ kind: 'call', id: 'lexical-0', name: choice.name, input: {} }] : [],
        textChars: 0,
        textLooksLikeToolCall: false,
        finish: choice?.kind === 'tool' ? 'tool-calls' : 'stop',
        temperatureApplied: 0,
        requests: 0,
        usage: { inputTokens: 0, outputTokens: 0 },
        latencyMs: performance.now() - started,
      };
      return Promise.resolve(decision);
    },
  };
}
