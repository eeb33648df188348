import { createHmac } from 'node:crypto';

/**
 * The fixed key every snapshot hash is made with: equal text hashes equal in every run and on every
 * machine, so two snapshots compare, while the hash is useless as a lookup in an unkeyed table.
 */
const FINGERPRINT_KEY = 'mcp-eval/catalog-snapshot/1';

/** Hex digits kept, as the target identity keeps: enough to tell changes apart, not the text. */
export const FINGERPRINT_HEX_DIGITS = 16;

/** A keyed SHA-256 of `text`, as `sha256:` and 16 hex digits. */
export function fingerprintHash(text: string): string {
  return `sha256:${createHmac('sha256', FINGERPRINT_KEY).update(text).digest('hex').slice(0, FINGERPRINT_HEX_DIGITS)}`;
}

/**
 * `value` as JSON with object keys sorted, so key order (which servers do not keep stable) never
 * changes a hash. Catalog entries deeper than `MAX_ITEM_DEPTH` never get here, so recursion is safe.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  // Parsed JSON holds no `undefined`, but a caller's absent field may: encode it as JSON does in arrays.
  return value === undefined ? 'null' : JSON.stringify(value);
}
