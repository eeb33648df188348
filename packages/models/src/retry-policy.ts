import { APICallError } from 'ai';

import { isResponseTooLarge } from './outbound-fetch.js';
import { RETRY_BACKOFF_MS, retryAfterMs } from './retry-after.js';

/** Where one decision's retries stand. */
export interface RetryState {
  readonly retriesLeft: number;
  readonly backoffMs: number;
  /** The temperature the next request sends; undefined once the model refused it (or none was asked). */
  readonly temperature?: number;
  readonly temperatureApplied: 0 | 1;
}

/** What to do after a failed request: send again without temperature, wait and send again, or stop. */
export type RetryStep =
  | { readonly kind: 'drop-temperature'; readonly next: RetryState }
  | { readonly kind: 'wait'; readonly ms: number; readonly next: RetryState }
  | { readonly kind: 'stop' };

/** A decision's first state: `maxRetries` further attempts, the first wait `RETRY_BACKOFF_MS`. */
export function firstRetryState(maxRetries: number, temperature: number | undefined): RetryState {
  return {
    retriesLeft: maxRetries,
    backoffMs: RETRY_BACKOFF_MS,
    ...(temperature === undefined ? {} : { temperature }),
    temperatureApplied: 1,
  };
}

/** A 400/422 whose body names `temperature`: the model refuses the parameter, not the request. */
function rejectsTemperature(error: APICallError): boolean {
  const status = error.statusCode ?? 0;
  return (status === 400 || status === 422) && /temperature/i.test(error.responseBody ?? '');
}

/**
 * The retry policy of the AI SDK port, pure: a model that refuses `temperature` is asked once more
 * without it; a 429 waits what `retry-after` asks (else the backoff) and a retryable 5xx the
 * backoff, while retries are left, the backoff doubling each time. Anything else stops, and the
 * error is mapped to the decision's outcome (`outcomeOfError`). Whether a wait still fits the
 * decision's deadline is the caller's to say.
 */
export function retryStep(error: unknown, state: RetryState): RetryStep {
  if (isResponseTooLarge(error) || !APICallError.isInstance(error)) return { kind: 'stop' };
  if (state.temperature !== undefined && state.temperatureApplied === 1 && rejectsTemperature(error)) {
    const { temperature: _dropped, ...rest } = state;
    return { kind: 'drop-temperature', next: { ...rest, temperatureApplied: 0 } };
  }
  if (state.retriesLeft <= 0) return { kind: 'stop' };
  const next = { ...state, retriesLeft: state.retriesLeft - 1, backoffMs: state.backoffMs * 2 };
  if (error.statusCode === 429) return { kind: 'wait', ms: retryAfterMs(error.responseHeaders) ?? state.backoffMs, next };
  if (error.isRetryable) return { kind: 'wait', ms: state.backoffMs, next };
  return { kind: 'stop' };
}
