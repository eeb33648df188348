import type { Measurements } from '@mcp-eval/core';

/** More zero counters than this on one row are folded into a count: twelve `=0` say less than one `12 at 0`. */
export const MAX_LISTED_ZEROS = 2;

/**
 * A measurement as a person reads it on the console: whole numbers as they are, others to three
 * significant digits (`84.6`, `0.0344`), and a thousand or more to the nearest whole number. The
 * reports written to files keep the exact values.
 */
export function consoleNumber(value: number): string {
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1000) return String(Math.round(value));
  return String(Number(value.toPrecision(3)));
}

/** `tools=13 throughput=84.6`, rounded, zero counters folded (`+12 at 0`) past `MAX_LISTED_ZEROS`. */
export function consoleMeasurements(measurements: Measurements | undefined): string {
  const entries = Object.entries(measurements ?? {});
  const zeros = entries.filter(([, value]) => value === 0).length;
  const fold = zeros > MAX_LISTED_ZEROS;
  const parts = entries.filter(([, value]) => !fold || value !== 0).map(([key, value]) => `${key}=${consoleNumber(value)}`);
  if (fold) parts.push(`+${zeros} at 0`);
  return parts.join(' ');
}
