import { describe, expect, it } from 'vitest';
import { createRunBudget, DEFAULT_RUN_BUDGET } from './run-budget.js';

describe('createRunBudget', () => {
  it('stops at max_requests', () => {
    const budget = createRunBudget({ maxRequests: 2, maxInputTokens: 1000 });
    expect([budget.tryRequest(), budget.tryRequest(), budget.tryRequest()]).toEqual([true, true, false]);
    expect(budget.requests()).toBe(2);
  });
  it('stops the next request once input tokens reach max_input_tokens', () => {
    const budget = createRunBudget({ maxRequests: 100, maxInputTokens: 50 });
    expect(budget.tryRequest()).toBe(true);
    budget.spend(60);
    expect(budget.tryRequest()).toBe(false);
    expect(budget.inputTokens()).toBe(60);
  });
  it('defaults to the documented budget', () => {
    expect(DEFAULT_RUN_BUDGET).toEqual({ maxRequests: 2000, maxInputTokens: 4_000_000 });
  });
});
