import type { JsonValue } from '@mcp-eval/protocol';
import { testPattern } from './bounded-regex.js';
import { canonicalEqual } from './canonical-equal.js';
import { normalizeValue } from './normalize-value.js';

/**
 * One argument's expectation (the match modes of docs/checks/argument-correctness.md). `optional:
 * true` lets the model omit the argument; `absent` requires it omitted; `ignore` accepts anything.
 */
export type ArgumentMatch =
  | { readonly match: 'exact'; readonly value: JsonValue; readonly optional?: boolean }
  | { readonly match: 'one_of'; readonly values: readonly JsonValue[]; readonly optional?: boolean }
  | { readonly match: 'normalized'; readonly value: JsonValue; readonly optional?: boolean }
  /** The regex source is in `value`, like `exact`. */
  | { readonly match: 'pattern'; readonly value: string; readonly optional?: boolean }
  | { readonly match: 'range'; readonly min?: number; readonly max?: number; readonly optional?: boolean }
  | { readonly match: 'present'; readonly optional?: boolean }
  /** The judge decides whether the value satisfies `intent` (behavior/semantic-match.ts). */
  | { readonly match: 'semantic'; readonly intent: string; readonly optional?: boolean }
  | { readonly match: 'absent' }
  | { readonly match: 'ignore' };

export type MatchMode = ArgumentMatch['match'];

export const MATCH_MODES: readonly MatchMode[] = [
  'exact',
  'one_of',
  'normalized',
  'pattern',
  'range',
  'present',
  'absent',
  'ignore',
  'semantic',
];

/**
 * The judge's answers for `semantic` arguments, by argument name (true: satisfies the intent).
 * Absent: the deterministic pass, which defers every semantic argument to the judge (it matches
 * here, and the engine asks the judge only when everything else matched).
 */
export type SemanticAnswers = ReadonlyMap<string, boolean>;

/** What an expectation says about an omitted argument. */
export function allowsOmission(expectation: ArgumentMatch): boolean {
  if (expectation.match === 'absent' || expectation.match === 'ignore') return true;
  return expectation.optional === true;
}

/**
 * Whether a value the model gave satisfies the expectation. Omission is decided by
 * `allowsOmission`; this judges a present value. `pattern` tests strings only, through the
 * time-bounded worker (a pattern that times out, or a value past `MAX_PATTERN_INPUT_CHARS`, does
 * not match). `semantic` is the judge's answer for this argument (see `SemanticAnswers`).
 */
export function matchesValue(expectation: ArgumentMatch, value: JsonValue, semantic?: boolean): boolean {
  switch (expectation.match) {
    case 'semantic':
      return semantic ?? true;
    case 'exact':
      return canonicalEqual(expectation.value, value);
    case 'one_of':
      return expectation.values.some((candidate) => canonicalEqual(candidate, value));
    case 'normalized':
      return canonicalEqual(normalizeValue(expectation.value), normalizeValue(value));
    case 'pattern':
      return typeof value === 'string' && testPattern(expectation.value, value, 'u') === 'match';
    case 'range':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (expectation.min === undefined || value >= expectation.min) &&
        (expectation.max === undefined || value <= expectation.max)
      );
    case 'present':
    case 'ignore':
      return true;
    case 'absent':
      return false;
  }
}
