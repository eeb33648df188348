import type { JsonValue } from '@mcp-eval/protocol';
import type { ModelFailure, ModelMessage, ModelParams, ModelPort, ModelTool, ModelToolCall } from '../models/model-port.js';

/**
 * The most model responses one trial may ask for, whatever the case says: a chain of 14 steps plus
 * room for a prerequisite and an extra call. Each response is one `decide` (retries inside it are
 * the port's), so this bounds the requests a trial sends before `max_retries`.
 */
export const MAX_CONVERSATION_TURNS = 16;

/** One model response as the classifiers read it (model text is never kept, only these flags). */
export interface Turn {
  readonly calls: readonly ModelToolCall[];
  readonly textChars: number;
  readonly textLooksLikeToolCall: boolean;
}

/** Why the conversation ended. */
export type ConversationEnd =
  | 'done' // the policy asked no further
  | 'no-call' // a response made no tool call
  | 'unknown-tool' // a response called a name outside the catalog
  | 'max-turns'
  | 'failure' // the port failed (`failure` says how)
  | 'mutation-not-allowed'; // a live result was refused by the mutation gate: nothing reached the server

export interface Conversation {
  readonly turns: readonly Turn[];
  readonly end: ConversationEnd;
  readonly failure?: ModelFailure;
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly latencyMs: number;
  /** 0 when any response ran without `temperature`. */
  readonly temperatureApplied: 0 | 1;
}

/** What to feed back for one call: a result, or `refused` (the gate closed; the trial ends). */
export type FedResult = { readonly kind: 'result'; readonly value: JsonValue } | { readonly kind: 'refused' };

/** A call the model made to a catalog tool (its input may be unparseable). */
export type CatalogCall = Exclude<ModelToolCall, { readonly kind: 'unknown-tool' }>;

export interface ConversationOptions {
  readonly port: ModelPort;
  readonly tools: readonly ModelTool[];
  /** The user's task text (sent, never recorded). */
  readonly task: string;
  /** The host prompt, when the case's `host_prompt` has one. */
  readonly systemPrompt?: string;
  readonly params: ModelParams;
  readonly signal?: AbortSignal;
  /** Capped at `MAX_CONVERSATION_TURNS`. */
  readonly maxTurns: number;
  /** The result fed back for a call, before the next response is asked for. */
  readonly feed: (call: CatalogCall) => Promise<FedResult>;
  /** Whether to ask again, given every turn so far (the last one's calls already fed). */
  readonly more: (turns: readonly Turn[]) => boolean;
}

/**
 * Runs one trial's conversation: ask, and while the policy wants more, feed a result for each call
 * and ask again. Never calls a server: a live result arrives only through `feed`, which the engine
 * builds on the one mutation gate.
 */
export async function runConversation(options: ConversationOptions): Promise<Conversation> {
  const messages: ModelMessage[] = [];
  if (options.systemPrompt !== undefined) messages.push({ role: 'system', content: options.systemPrompt });
  messages.push({ role: 'user', content: options.task });
  const turns: Turn[] = [];
  const spend = { requests: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0 };
  let temperatureApplied: 0 | 1 = 1;
  const finish = (end: ConversationEnd, failure?: ModelFailure): Conversation => ({
    turns,
    end,
    ...(failure === undefined ? {} : { failure }),
    ...spend,
    temperatureApplied,
  });
  const limit = Math.min(Math.max(1, options.maxTurns), MAX_CONVERSATION_TURNS);
  for (;;) {
    const outcome = await options.port.decide({
      tools: options.tools,
      messages,
      params: options.params,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    spend.requests += outcome.requests;
    spend.inputTokens += outcome.usage.inputTokens;
    spend.outputTokens += outcome.usage.outputTokens;
    spend.latencyMs += outcome.latencyMs;
    if (outcome.kind === 'failure') return finish('failure', outcome);
    if (outcome.temperatureApplied === 0) temperatureApplied = 0;
    turns.push({ calls: outcome.calls, textChars: outcome.textChars, textLooksLikeToolCall: outcome.textLooksLikeToolCall });
    if (outcome.calls.length === 0) return finish('no-call');
    if (outcome.calls.some((c) => c.kind === 'unknown-tool')) return finish('unknown-tool');
    if (!options.more(turns)) return finish('done');
    if (turns.length >= limit) return finish('max-turns');
    const known = outcome.calls.filter((c): c is CatalogCall => c.kind !== 'unknown-tool');
    messages.push({ role: 'assistant', calls: known.map((c) => ({ id: c.id, name: c.name, input: c.kind === 'call' ? c.input : {} })) });
    for (const call of known) {
      const fed = await options.feed(call);
      if (fed.kind === 'refused') return finish('mutation-not-allowed');
      messages.push({ role: 'tool', id: call.id, name: call.name, result: fed.value });
    }
  }
}
