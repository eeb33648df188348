/** First wait after a retryable 5xx (or a 429 without retry-after); doubles each retry. */
export const RETRY_BACKOFF_MS = 500;

/** A wait as a record may carry it: a non-finite or unsafe number (400 digits) is no wait at all. */
function finiteMs(value: number): number | undefined {
  const ms = Math.round(value);
  return Number.isSafeInteger(ms) && ms >= 0 ? ms : undefined;
}

/**
 * The wait a 429 asks for, in milliseconds: `retry-after-ms` when given, else `retry-after`
 * seconds × 1000 (or an HTTP date). Undefined when neither header is usable, or the number is
 * not a finite, safe integer of milliseconds.
 */
export function retryAfterMs(headers: Readonly<Record<string, string>> | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  const ms = lower.get('retry-after-ms');
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return finiteMs(Number(ms));
  const after = lower.get('retry-after');
  if (after === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return finiteMs(Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
