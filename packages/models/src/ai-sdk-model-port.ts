import { generateText } from 'ai';
import { abortableDelay } from '@mcp-eval/core';
import type { LanguageModel, ToolSet } from 'ai';
import type { ModelDecision, ModelFailure, ModelPort, ModelRequest, ModelSpend, ModelTool } from '@mcp-eval/core';
import type { OutcomeContext } from './ai-sdk-outcome.js';
import { decisionOfResult, outcomeOfError } from './ai-sdk-outcome.js';
import type { ConcurrencyLimiter } from './concurrency-limiter.js';
import type { RetryState } from './retry-policy.js';
import { firstRetryState, retryStep } from './retry-policy.js';
import type { RunBudget } from './run-budget.js';
import { aliasToolNames } from './tool-aliases.js';
import type { ToolAliases } from './tool-aliases.js';
import { toSdkMessages } from './to-sdk-messages.js';
import { toSdkTools } from './to-sdk-tools.js';

export interface AiSdkPortOptions {
  readonly budget?: RunBudget;
  readonly limiter?: ConcurrencyLimiter;
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
/** The parts of a request the port sends on every attempt: built once per decision. */
function prepareRequest(request: ModelRequest) {
  const { aliases, tools } = preparedTools(request.tools);
  // The host prompt goes in `system`, not as a system message: the SDK warns on every request
  // (on the console, once per trial) about system messages in `messages`. Same text on the wire.
  const systemText = request.messages.flatMap((m) => (m.role === 'system' ? [m.content] : [])).join('\n\n');
  const messages = toSdkMessages(
    request.messages.filter((m) => m.role !== 'system'),
    aliases,
  );
  // A forced call (the judge's verdict, the generator's request) under the tool's provider alias.
  const forced =
    request.toolChoice === undefined ? undefined : (aliases.toProvider.get(request.toolChoice.name) ?? request.toolChoice.name);
  return { aliases, tools, systemText, messages, forced, toolNames: request.tools.map((t) => t.name) };
}

/**
 * The port over one AI SDK language model instance (never a model id string: those route to a
 * hosted gateway). Tools go to the model with description and input schema and no `execute`, so
 * a selection never runs anything. The SDK's own retries are off (`maxRetries: 0`): this loop
 * retries, by `retryStep`, so it can honour `retry-after`, count every request against the
 * budget, and stop at the decision's `timeoutMs`; `decisionOfResult` and `outcomeOfError` map
 * what came back.
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
    const sent = prepareRequest(request);

    let requests = 0;
    let state: RetryState = firstRetryState(params.maxRetries, params.temperature);
    const spend = (): ModelSpend => ({ requests, usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: performance.now() - started });
    const context = (): OutcomeContext => ({ ...sent, temperatureApplied: state.temperatureApplied, spend: spend() });
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
              tools: sent.tools,
              ...(sent.forced === undefined ? {} : { toolChoice: { type: 'tool' as const, toolName: sent.forced } }),
              ...(sent.systemText === '' ? {} : { system: sent.systemText }),
              messages: sent.messages,
              ...(state.temperature === undefined ? {} : { temperature: state.temperature }),
              maxOutputTokens: params.maxOutputTokens,
              maxRetries: 0,
              abortSignal: controller.signal,
            }),
            controller.signal,
          );
          const decision = decisionOfResult(result, context());
          options.budget?.spend(decision.usage.inputTokens);
          return decision;
        } catch (error) {
          if (controller.signal.aborted) return aborted();
          const step = retryStep(error, state);
          if (step.kind === 'drop-temperature' || (step.kind === 'wait' && (await waitFor(step.ms)))) {
            state = step.next;
            continue;
          }
          // The abort may land during the wait above; narrowing from the earlier check does not see it.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
          if (controller.signal.aborted) return aborted();
          return outcomeOfError(error, context());
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
