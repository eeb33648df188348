import type { JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

/**
 * Canonical deep equality of JSON values: object key order does not matter, array order does,
 * numbers compare by value (1 and 1.0 are one JSON number). Iterative, so a deeply nested value a
 * model generated cannot overflow the stack.
 */
export function canonicalEqual(a: JsonValue, b: JsonValue): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const [x, y] = pair;
    if (x === y) continue;
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      x.forEach((element, i) => stack.push([element, y[i]]));
      continue;
    }
    if (isRecord(x) && isRecord(y)) {
      const keys = Object.keys(x);
      if (keys.length !== Object.keys(y).length) return false;
      for (const key of keys) {
        if (!Object.hasOwn(y, key)) return false;
        stack.push([x[key], y[key]]);
      }
      continue;
    }
    return false;
  }
  return true;
}
