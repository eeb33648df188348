/** The run's `budget`: a ceiling on model requests and input tokens, shared by every column. */
export interface RunBudgetLimits {
  readonly maxRequests: number;
  readonly maxInputTokens: number;
}

/** `golden.budget`'s defaults (docs/model-layer.md). */
export const DEFAULT_RUN_BUDGET: RunBudgetLimits = { maxRequests: 2000, maxInputTokens: 4_000_000 };

export interface RunBudget {
  /** Claims one request; false (and nothing claimed) once either ceiling is reached. */
  tryRequest(): boolean;
  /** Adds the input tokens a request reported. */
  spend(inputTokens: number): void;
  readonly requests: () => number;
  readonly inputTokens: () => number;
}

/**
 * Input tokens are known only after a request, so the token ceiling stops the next request:
 * a run overshoots `maxInputTokens` by at most one request's tokens per concurrent request.
 */
export function createRunBudget(limits: RunBudgetLimits = DEFAULT_RUN_BUDGET): RunBudget {
  let requests = 0;
  let inputTokens = 0;
  return {
    tryRequest() {
      if (requests >= limits.maxRequests || inputTokens >= limits.maxInputTokens) return false;
      requests += 1;
      return true;
    },
    spend(tokens) {
      inputTokens += Math.max(0, tokens);
    },
    requests: () => requests,
    inputTokens: () => inputTokens,
  };
}
