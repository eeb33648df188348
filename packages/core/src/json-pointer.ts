import Type, { type TString } from 'typebox';
import { isRecord, type JsonValue } from '@mcp-eval/protocol';

/**
 * Tokens an address may not hold: walking or writing them on a plain object reaches
 * `Object.prototype` (prototype pollution). Manifest validation refuses them (`SAFE_ADDRESS`);
 * the walkers below touch own properties only, so even an unvalidated address is harmless.
 */
export const UNSAFE_ADDRESS_TOKENS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

const TOKENS = UNSAFE_ADDRESS_TOKENS.join('|');
/** Matches an address holding one of the tokens: the whole plain name, or any pointer token. */
export const UNSAFE_ADDRESS_PATTERN = `^(${TOKENS})$|^/(.*/)?(${TOKENS})(/|$)`;

/**
 * Spread into the JSON Schema of every check parameter that holds an address: plain JSON Schema,
 * so the published manifest schema refuses the tokens in editors too.
 */
export const SAFE_ADDRESS = { not: { pattern: UNSAFE_ADDRESS_PATTERN } } as const;

/** A check parameter holding an address: a non-empty string refused when it holds an unsafe token. */
export function safeAddressParam(options: { readonly description?: string } = {}): TString {
  return Type.String({ minLength: 1, ...SAFE_ADDRESS, ...options });
}

const INDEX = /^(0|[1-9]\d*)$/;

/** A JSON Pointer's tokens (escapes undone), or a plain top-level name as one token. */
function addressTokens(address: string): string[] {
  return address.startsWith('/')
    ? address
        .slice(1)
        .split('/')
        .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
    : [address];
}

/** True when no token of `address` is one of `UNSAFE_ADDRESS_TOKENS`. */
export function isSafeAddress(address: string): boolean {
  return !new RegExp(UNSAFE_ADDRESS_PATTERN, 'u').test(address);
}

/** The own child at `token`, never an inherited one. */
function ownChild(value: unknown, token: string): unknown {
  if (Array.isArray(value)) return INDEX.test(token) ? value[Number(token)] : undefined;
  return isRecord(value) && Object.hasOwn(value, token) ? value[token] : undefined;
}

/**
 * Resolves an address into a JSON value: a JSON Pointer (RFC 6901, leading `/`) or, for
 * convenience, a plain top-level field name. `undefined` when nothing is there.
 */
export function resolveAddress(value: unknown, address: string): unknown {
  let current: unknown = value;
  for (const token of addressTokens(address)) {
    current = ownChild(current, token);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Sets the value at `address` (pointer or top-level name) inside a deep copy of `value`. */
export function withValueAt(value: JsonValue, address: string, replacement: JsonValue): JsonValue | undefined {
  const copy = structuredClone(value);
  const tokens = addressTokens(address);
  const last = tokens.pop();
  if (last === undefined) return undefined;
  let parent: unknown = copy;
  for (const token of tokens) parent = ownChild(parent, token);
  if (Array.isArray(parent) && INDEX.test(last)) parent[Number(last)] = replacement;
  // defineProperty, not `parent[last] =`: a `__proto__` token then makes an own key, never a prototype.
  else if (isRecord(parent))
    Object.defineProperty(parent, last, { value: replacement, writable: true, enumerable: true, configurable: true });
  else return undefined;
  return copy;
}
