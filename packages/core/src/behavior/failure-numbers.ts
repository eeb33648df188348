import type { ModelFailure } from '../models/model-port.js';

/**
 * The numbers a port's failure carries (how long a 429 asked to wait, a provider error's HTTP
 * status), as outcome measurements: every trial, judgement and unit that fails keeps them.
 */
export function failureNumbers(failure: ModelFailure): Record<string, number> {
  const out: Record<string, number> = {};
  if (failure.failure === 'rate-limited' && failure.retryAfterMs !== undefined) out.retryAfterMs = failure.retryAfterMs;
  if (failure.failure === 'provider-error' && failure.httpStatus !== undefined) out.httpStatus = failure.httpStatus;
  return out;
}
