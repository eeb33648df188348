import { APICallError, ToolChoiceViolationError } from 'ai';
import type { ModelDecision, ModelFailure, ModelFinish, ModelSpend } from '@mcp-eval/core';

import { isResponseTooLarge } from './outbound-fetch.js';
import type { SdkToolCall } from './read-tool-calls.js';
import { readToolCalls } from './read-tool-calls.js';
import { retryAfterMs } from './retry-after.js';
import type { ToolAliases } from './tool-aliases.js';
import { looksLikeToolCallText } from './tool-call-text.js';

/** What a mapping needs besides the result: the catalog's aliases and names, and the decision's spend so far. */
export interface OutcomeContext {
  readonly aliases: ToolAliases;
  readonly toolNames: readonly string[];
  readonly temperatureApplied: 0 | 1;
  readonly spend: ModelSpend;
}

/** The part of a `generateText` result the port reads. */
export interface SdkResult {
  readonly toolCalls: readonly SdkToolCall[];
  readonly text: string;
  readonly finishReason: string;
  readonly usage: { readonly inputTokens: number | undefined; readonly outputTokens: number | undefined };
  readonly warnings?: readonly { readonly type: string; readonly feature?: string }[] | undefined;
}

const FINISHES: ReadonlySet<string> = new Set<ModelFinish>(['tool-calls', 'stop', 'length', 'content-filter']);

const finishOf = (reason: string): ModelFinish => (FINISHES.has(reason) ? (reason as ModelFinish) : 'other');

/** A provider's token count as spent: a negative, fractional or non-finite number is no count (0). */
export function tokenCount(value: number | undefined): number {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** A provider's answer as the port's decision; a model that warned `temperature` unsupported ran without it. */
export function decisionOfResult(result: SdkResult, ctx: OutcomeContext): ModelDecision {
  const unsupported = result.warnings?.some((w) => w.type === 'unsupported' && w.feature === 'temperature') ?? false;
  return {
    kind: 'decision',
    calls: readToolCalls(result.toolCalls, ctx.aliases),
    textChars: result.text.length,
    textLooksLikeToolCall: looksLikeToolCallText(result.text, ctx.toolNames),
    finish: finishOf(result.finishReason),
    temperatureApplied: unsupported ? 0 : ctx.temperatureApplied,
    ...ctx.spend,
    usage: { inputTokens: tokenCount(result.usage.inputTokens), outputTokens: tokenCount(result.usage.outputTokens) },
  };
}

/**
 * A request's error, once it is not retried, as the decision's outcome: a forced call the model
 * did not make is an answer with no call (the judge's or generator's unparseable answer; the SDK
 * drops its usage); a 429 is `rate-limited` with the wait it asked; any other HTTP error
 * `provider-error` with its status.
 */
export function outcomeOfError(error: unknown, ctx: OutcomeContext): ModelDecision | ModelFailure {
  if (ToolChoiceViolationError.isInstance(error)) {
    const text = error.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
    return {
      kind: 'decision',
      calls: [],
      textChars: text.length,
      textLooksLikeToolCall: looksLikeToolCallText(text, ctx.toolNames),
      finish: finishOf(error.finishReason),
      temperatureApplied: ctx.temperatureApplied,
      ...ctx.spend,
    };
  }
  if (isResponseTooLarge(error)) return { kind: 'failure', failure: 'response-too-large', ...ctx.spend };
  if (!APICallError.isInstance(error)) return { kind: 'failure', failure: 'provider-error', ...ctx.spend };
  if (error.statusCode === 429) {
    const asked = retryAfterMs(error.responseHeaders);
    return { kind: 'failure', failure: 'rate-limited', ...(asked === undefined ? {} : { retryAfterMs: asked }), ...ctx.spend };
  }
  const status = error.statusCode;
  return { kind: 'failure', failure: 'provider-error', ...(status === undefined ? {} : { httpStatus: status }), ...ctx.spend };
}
