import { APICallError, generateText, ToolChoiceViolationError } from 'ai';
import { abortableDelay } from '@mcp-eval/core';
import type { LanguageModel, ToolSet } from 'ai';
import type { ModelDecision, ModelFailure, ModelFinish, ModelPort, ModelRequest, ModelSpend, ModelTool } from '@mcp-eval/core';
import type { ConcurrencyLimiter } from './concurrency-limiter.js';
import { isResponseTooLarge } from './outbound-fetch.js';
import { readToolCalls } from './read-tool-calls.js';
import { RETRY_BACKOFF_MS, retryAfterMs } from './retry-after.js';
import type { RunBudget } from './run-budget.js';
import { aliasToolNames } from './tool-aliases.js';
import type { ToolAliases } from './tool-aliases.js';
import { looksLikeToolCallText } from './tool-call-text.js';
import { toSdkMessages } from './to-sdk-messages.js';
import { toSdkTools } from './to-sdk-tools.js';

export interface AiSdkPortOptions {
  readonly budget?: RunBudget;
  readonly limiter?: ConcurrencyLimiter;
}

/** A provider's token count as spent: a negative, fractional or non-finite number is no count (0). */
function tokenCount(value: number | undefined): number {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

const FINISHES: ReadonlySet<string> = new Set<ModelFinish>(['tool-calls', 'stop', 'length', 'content-filter']);

/** A 400/422 whose body names `temperature`: the model refuses the parameter, not the request. */
function rejectsTemperature(error: APICallError): boolean {
  const status = error.statusCode ?? 0;
  return (status === 400 || status === 422) && /temperature/i.test(error.responseBody ?? '');
}

/**
 * Settles with `work`, or rejects as soon as `signal` aborts: a provider that ignores its abort
 * signal still cannot hold a decision past its timeout. A late settlement of `work` is dropped.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error('provider failure'));
      },
    );
  });
}

/**
 * A catalog's provider aliases and SDK tools, built once per catalog array: every trial of a case
 * hands the port the same array, and rebuilding them per decision was most of the port's own cost.
 */
const preparedCatalogs = new WeakMap<readonly ModelTool[], { readonly aliases: ToolAliases; readonly tools: ToolSet }>();
function preparedTools(catalog: readonly ModelTool[]): { readonly aliases: ToolAliases; readonly tools: ToolSet } {
  let prepared = preparedCatalogs.get(catalog);
  if (prepared === undefined) {
    const aliases = aliasToolNames(catalog.map((t) => t.name));
    prepared = { aliases, tools: toSdkTools(catalog, aliases) };
    preparedCatalogs.set(catalog, prepared);
  }
  return prepared;
}

/**
 * The port over one AI SDK language model instance (never a model id string: those route to a
 * hosted gateway). Tools go to the model with description and input schema and no `execute`, so
 * a selection never runs anything. The SDK's own retries are off (`maxRetries: 0`): this loop
 * retries so it can honour `retry-after`, count every request against the budget, and stop at the
 * decision's `timeoutMs`.
 */
export function createAiSdkModelPort(model: LanguageModel, options: AiSdkPortOptions = {}): ModelPort {
  const decide = async (request: ModelRequest): Promise<ModelDecision | ModelFailure> => {
    const { params } = request;
    const started = performance.now();
    const deadline = started + params.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, params.timeoutMs);
    const onCancel = (): void => controller.abort();
    request.signal?.addEventListener('abort', onCancel, { once: true });

    const { aliases, tools } = preparedTools(request.tools);
    // The host prompt goes in `system`, not as a system message: the SDK warns on every request
    // (on the console, once per trial) about system messages in `messages`. Same text on the wire.
    const systemText = request.messages.flatMap((m) => (m.role === 'system' ? [m.content] : [])).join('\n\n');
    const messages = toSdkMessages(
      request.messages.filter((m) => m.role !== 'system'),
      aliases,
    );
    const toolNames = request.tools.map((t) => t.name);
    // A forced call (the judge's verdict, the generator's request) under the tool's provider alias.
    const forced =
      request.toolChoice === undefined ? undefined : (aliases.toProvider.get(request.toolChoice.name) ?? request.toolChoice.name);

    let requests = 0;
    let temperature = params.temperature;
    let temperatureApplied: 0 | 1 = 1;
    let retriesLeft = params.maxRetries;
    let backoff = RETRY_BACKOFF_MS;
    const spend = (): ModelSpend => ({
      requests,
      usage: { inputTokens: 0, outputTokens: 0 },
      latencyMs: performance.now() - started,
    });
    const aborted = (): ModelFailure => ({ kind: 'failure', failure: timedOut ? 'model-timeout' : 'cancelled', ...spend() });
    /** Waits before a retry; false when the wait would pass the deadline. */
    const waitFor = async (ms: number): Promise<boolean> => {
      if (performance.now() + ms >= deadline) return false;
      await abortableDelay(ms, controller.signal);
      return !controller.signal.aborted;
    };

    try {
      if (request.signal?.aborted) return aborted();
      for (;;) {
        if (options.budget !== undefined && !options.budget.tryRequest()) {
          return { kind: 'failure', failure: 'budget-exhausted', ...spend() };
        }
        requests += 1;
        try {
          const result = await untilAborted(
            generateText({
              model,
              tools,
              ...(forced === undefined ? {} : { toolChoice: { type: 'tool' as const, toolName: forced } }),
              ...(systemText === '' ? {} : { system: systemText }),
              messages,
              ...(temperature === undefined ? {} : { temperature }),
              maxOutputTokens: params.maxOutputTokens,
              maxRetries: 0,
              abortSignal: controller.signal,
            }),
            controller.signal,
          );
          const inputTokens = tokenCount(result.usage.inputTokens);
          const outputTokens = tokenCount(result.usage.outputTokens);
          options.budget?.spend(inputTokens);
          if (result.warnings?.some((w) => w.type === 'unsupported' && w.feature === 'temperature')) temperatureApplied = 0;
          return {
            kind: 'decision',
            calls: readToolCalls(result.toolCalls, aliases),
            textChars: result.text.length,
            textLooksLikeToolCall: looksLikeToolCallText(result.text, toolNames),
            finish: FINISHES.has(result.finishReason) ? (result.finishReason as ModelFinish) : 'other',
            temperatureApplied,
            requests,
            usage: { inputTokens, outputTokens },
            latencyMs: performance.now() - started,
          };
        } catch (error) {
          if (controller.signal.aborted) return aborted();
          if (ToolChoiceViolationError.isInstance(error)) {
            // A forced call the model did not make: an answer with no call (the judge's or the
            // generator's unparseable answer), not a provider failure. The SDK drops its usage.
            const text = error.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
            return {
              kind: 'decision',
              calls: [],
              textChars: text.length,
              textLooksLikeToolCall: looksLikeToolCallText(text, toolNames),
              finish: FINISHES.has(error.finishReason) ? (error.finishReason as ModelFinish) : 'other',
              temperatureApplied,
              ...spend(),
            };
          }
          if (isResponseTooLarge(error)) return { kind: 'failure', failure: 'response-too-large', ...spend() };
          if (!APICallError.isInstance(error)) return { kind: 'failure', failure: 'provider-error', ...spend() };
          if (temperature !== undefined && temperatureApplied === 1 && rejectsTemperature(error)) {
            temperature = undefined;
            temperatureApplied = 0;
            continue;
          }
          if (error.statusCode === 429) {
            const asked = retryAfterMs(error.responseHeaders);
            if (retriesLeft > 0 && (await waitFor(asked ?? backoff))) {
              retriesLeft -= 1;
              backoff *= 2;
              continue;
            }
            // The abort may land during the await above; narrowing from the earlier check does not see it.
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
            if (controller.signal.aborted) return aborted();
            return { kind: 'failure', failure: 'rate-limited', ...(asked === undefined ? {} : { retryAfterMs: asked }), ...spend() };
          }
          if (error.isRetryable && retriesLeft > 0 && (await waitFor(backoff))) {
            retriesLeft -= 1;
            backoff *= 2;
            continue;
          }
          // The abort may land during the await above; narrowing from the earlier check does not see it.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          if (controller.signal.aborted) return aborted();
          const status = error.statusCode;
          return { kind: 'failure', failure: 'provider-error', ...(status === undefined ? {} : { httpStatus: status }), ...spend() };
        }
      }
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCancel);
    }
  };
  const limiter = options.limiter;
  return { decide: limiter === undefined ? decide : (request) => limiter.run(() => decide(request)) };
}
