/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) identifiers: a 16-byte trace id and
 * 8-byte span ids as lower-case hex, and the version-00 `traceparent` built from them.
 */

/** Version 00 is the only one this evaluator writes. */
export const TRACEPARENT_VERSION = '00';
/** `sampled`: the evaluator records every span it announces (exported when `--otlp-endpoint` is given). */
export const TRACE_FLAGS_SAMPLED = '01';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  // All zeros is the spec's invalid id: draw again (probability 2^-64 or less).
  do globalThis.crypto.getRandomValues(buffer);
  while (buffer.every((byte) => byte === 0));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A fresh 32-hex trace id, never all zeros. */
export function randomTraceId(): string {
  return randomHex(16);
}

/** A fresh 16-hex span id, never all zeros. */
export function randomSpanId(): string {
  return randomHex(8);
}

export function formatTraceparent(traceId: string, spanId: string): string {
  return `${TRACEPARENT_VERSION}-${traceId}-${spanId}-${TRACE_FLAGS_SAMPLED}`;
}

export interface ParsedTraceparent {
  readonly traceId: string;
  readonly parentId: string;
  readonly flags: string;
}

/** A version-00 `traceparent` with non-zero ids, or `undefined` for anything else. */
export function parseTraceparent(value: unknown): ParsedTraceparent | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TRACEPARENT.exec(value);
  if (!match) return undefined;
  const [, traceId = '', parentId = '', flags = ''] = match;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  return { traceId, parentId, flags };
}
