import type { JsonValue } from './connection.js';

/**
 * Resolves an address into a JSON value: a JSON Pointer (RFC 6901, leading `/`) or, for
 * convenience, a plain top-level field name. `undefined` when nothing is there.
 */
export function resolveAddress(value: unknown, address: string): unknown {
  if (!address.startsWith('/')) return isRecord(value) && Object.hasOwn(value, address) ? value[address] : undefined;
  let current: unknown = value;
  for (const raw of address.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (isRecord(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      return undefined;
    }
  }
  return current;
}

/** Sets the value at `address` (pointer or top-level name) inside a deep copy of `value`. */
export function withValueAt(value: JsonValue, address: string, replacement: JsonValue): JsonValue | undefined {
  const copy = structuredClone(value);
  const tokens = address.startsWith('/')
    ? address.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
    : [address];
  const last = tokens.pop();
  if (last === undefined) return undefined;
  let parent: unknown = copy;
  for (const token of tokens) {
    parent = Array.isArray(parent) ? parent[Number(token)] : isRecord(parent) ? parent[token] : undefined;
  }
  if (Array.isArray(parent) && /^(0|[1-9]\d*)$/.test(last)) parent[Number(last)] = replacement;
  else if (isRecord(parent)) parent[last] = replacement;
  else return undefined;
  return copy;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
