import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';

import { ResponseTooLargeError } from './outbound-fetch.js';
import { RETRY_BACKOFF_MS } from './retry-after.js';
import { firstRetryState, retryStep } from './retry-policy.js';

function httpError(
  statusCode: number,
  extra: { responseBody?: string; responseHeaders?: Record<string, string>; isRetryable?: boolean } = {},
) {
  return new APICallError({ message: 'http error', url: 'http://127.0.0.1:1/v1', requestBodyValues: {}, statusCode, ...extra });
}

describe('retryStep', () => {
  const fresh = firstRetryState(2, 0);

  it('asks once more without temperature when a 400 or 422 names it, spending no retry', () => {
    for (const status of [400, 422]) {
      const step = retryStep(httpError(status, { responseBody: '{"error":"Unsupported parameter: temperature"}' }), fresh);
      expect(step).toEqual({ kind: 'drop-temperature', next: { retriesLeft: 2, backoffMs: RETRY_BACKOFF_MS, temperatureApplied: 0 } });
      if (step.kind !== 'drop-temperature') continue;
      // Dropped once: the same refusal again stops.
      expect(retryStep(httpError(status, { responseBody: 'temperature' }), step.next)).toEqual({ kind: 'stop' });
    }
  });

  it('a 400 that does not name temperature, or a column that sent none, stops', () => {
    expect(retryStep(httpError(400, { responseBody: 'bad request' }), fresh)).toEqual({ kind: 'stop' });
    expect(retryStep(httpError(400, { responseBody: 'temperature' }), firstRetryState(2, undefined))).toEqual({ kind: 'stop' });
  });

  it('a 429 waits what retry-after asks, else the backoff; the backoff doubles and the retries count down', () => {
    const asked = retryStep(httpError(429, { responseHeaders: { 'retry-after-ms': '250' } }), fresh);
    expect(asked).toEqual({ kind: 'wait', ms: 250, next: { ...fresh, retriesLeft: 1, backoffMs: 2 * RETRY_BACKOFF_MS } });
    const unasked = retryStep(httpError(429), fresh);
    expect(unasked).toMatchObject({ kind: 'wait', ms: RETRY_BACKOFF_MS });
    if (unasked.kind !== 'wait') return;
    expect(retryStep(httpError(429), unasked.next)).toMatchObject({ kind: 'wait', ms: 2 * RETRY_BACKOFF_MS, next: { retriesLeft: 0 } });
  });

  it('a retryable 5xx waits the backoff; with no retries left, or not retryable, it stops', () => {
    expect(retryStep(httpError(503, { isRetryable: true }), fresh)).toMatchObject({ kind: 'wait', ms: RETRY_BACKOFF_MS });
    expect(retryStep(httpError(503, { isRetryable: true }), firstRetryState(0, 0))).toEqual({ kind: 'stop' });
    expect(retryStep(httpError(429), firstRetryState(0, 0))).toEqual({ kind: 'stop' });
    expect(retryStep(httpError(500, { isRetryable: false }), fresh)).toEqual({ kind: 'stop' });
  });

  it('an error that is not an HTTP answer, or a body over the limit, is never retried', () => {
    expect(retryStep(new Error('refused'), fresh)).toEqual({ kind: 'stop' });
    expect(retryStep(new Error('wrapped', { cause: new ResponseTooLargeError() }), fresh)).toEqual({ kind: 'stop' });
  });
});
