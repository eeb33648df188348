import type { Expectation } from '../expectation.js';
import { mismatches } from '../expectation.js';
import type { Verdict } from '../verdicts.js';

export type ProxyMode = 'latency' | 'crash';

/** What a verdict may become behind a proxy instead of its direct expectation (corpus/README.md). */
export interface Allowed {
  readonly status?: readonly string[];
  readonly labels?: readonly string[];
  readonly labelsNot?: readonly string[];
}

/**
 * The mapping table. Behind the latency proxy every message is slow, so a timed case may report
 * latency (`latency-exceeded`); degradation-over-n's latency label is still being named, so only
 * failed-from-start is ruled out. Nothing may call a readable catalog unreadable. Behind the crash
 * proxy the connection dies, so any verdict may become an `error`, or a fail naming the lost answer.
 */
export const PROXY_MAPPING: Readonly<Record<ProxyMode, Readonly<Record<string, Allowed>>>> = {
  latency: {
    'latency-budget': { status: ['fail'], labels: ['latency-exceeded'] },
    'degradation-over-n': { labelsNot: ['failed-from-start', 'catalog-unreadable'] },
    // The HTTP proxy answers only once the server's answer is complete: an open GET stream never is.
    'http-get-stream': { status: ['fail'], labels: ['no-answer'] },
  },
  crash: {
    '*': { status: ['error', 'fail', 'skip'], labelsNot: ['catalog-unreadable'] },
  },
};

/** Labels no verdict may carry behind a proxy while the oracle read the catalog directly. */
export const NEVER_BEHIND_PROXY: Readonly<Record<ProxyMode, readonly string[]>> = {
  latency: ['catalog-unreadable'],
  crash: [],
};

const allows = (allowed: Allowed, actual: Verdict): boolean =>
  (allowed.status === undefined || allowed.status.includes(actual.status)) &&
  (allowed.labels === undefined || allowed.labels.includes(actual.label ?? '')) &&
  (allowed.labelsNot === undefined || !allowed.labelsNot.includes(actual.label ?? ''));

/** Why `actual` (behind the proxy) is neither `expected` nor what the mapping lets it become; empty when fine. */
export function proxiedMismatches(mode: ProxyMode, expected: Expectation, actual: Verdict | undefined): string[] {
  if (actual !== undefined && NEVER_BEHIND_PROXY[mode].includes(actual.label ?? '')) return [`${actual.label ?? ''} on a readable catalog`];
  const direct = mismatches(expected, actual);
  if (direct.length === 0 || actual === undefined) return direct;
  const allowed = PROXY_MAPPING[mode][actual.check] ?? PROXY_MAPPING[mode]['*'];
  return allowed !== undefined && allows(allowed, actual) ? [] : direct;
}
