import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.js';

describe('retryAfterMs', () => {
  it('prefers retry-after-ms, then retry-after seconds, then an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
    expect(retryAfterMs({ 'Retry-After': '2' })).toBe(2000);
    expect(retryAfterMs({ 'retry-after': '0.5' })).toBe(500);
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Tue, 01 Dec 2026 00:00:03 GMT' }, now)).toBe(3000);
  });
  it('is undefined without a usable header', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs({ 'retry-after-ms': '-5' })).toBeUndefined();
  });
});
