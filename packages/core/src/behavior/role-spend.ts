import type { ModelSpend } from '../models/model-port.js';

export const NO_SPEND: ModelSpend = { requests: 0, usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0 };

/** Two spends added: a role's several requests account as one. */
export function addSpend(a: ModelSpend, b: ModelSpend): ModelSpend {
  return {
    requests: a.requests + b.requests,
    usage: { inputTokens: a.usage.inputTokens + b.usage.inputTokens, outputTokens: a.usage.outputTokens + b.usage.outputTokens },
    latencyMs: a.latencyMs + b.latencyMs,
  };
}

/** Only the counters of an outcome (a decision also carries what the model generated). */
export function spendOf(outcome: ModelSpend): ModelSpend {
  return { requests: outcome.requests, usage: outcome.usage, latencyMs: outcome.latencyMs };
}
