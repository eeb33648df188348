/** What one JSON value costs: its compact UTF-8 encoding and how deep it nests. */
export interface JsonSize {
  /** Equals `Buffer.byteLength(JSON.stringify(value))` for JSON data. */
  readonly bytes: number;
  /** Nesting levels of objects and arrays: 0 for a scalar, 1 for `{}` or `[]`, 2 for `{"a":{}}`. */
  readonly depth: number;
}

const utf8 = (text: string): number => Buffer.byteLength(JSON.stringify(text), 'utf8');

/**
 * Measures untrusted JSON without `JSON.stringify`, whose recursion overflows the stack on a
 * hostile schema some 8k levels deep: one explicit stack, each value visited once. Follows
 * `JSON.stringify`'s rules for data parsed from JSON (an `undefined` member is left out, an
 * `undefined` array slot and a non-finite number encode as `null`). An object met a second time
 * (a cycle or shared reference, which parsed JSON never holds) counts as `null` and is not entered
 * again, so programmatic input cannot make the walk endless.
 */
export function measureJson(root: unknown): JsonSize {
  let bytes = 0;
  let depth = 0;
  const seen = new Set<object>();
  const stack: { readonly value: unknown; readonly depth: number }[] = [{ value: root, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value } = next;
    if (typeof value === 'string') bytes += utf8(value);
    else if (typeof value === 'number') bytes += Number.isFinite(value) ? String(value).length : 4;
    else if (typeof value === 'boolean') bytes += value ? 4 : 5;
    else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      const level = next.depth + 1;
      depth = Math.max(depth, level);
      if (Array.isArray(value)) {
        bytes += 2 + Math.max(0, value.length - 1);
        for (const element of value) stack.push({ value: element, depth: level });
      } else {
        const members = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
        bytes += 2 + Math.max(0, members.length - 1);
        for (const [key, member] of members) {
          bytes += utf8(key) + 1;
          stack.push({ value: member, depth: level });
        }
      }
    } else bytes += 4; // null, what an array slot encodes as null, and an object met again
  }
  return { bytes, depth };
}
