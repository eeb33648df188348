/**
 * Visits every value inside untrusted JSON, with the key it sits under. Iterative (a hostile
 * catalog may nest deeper than the call stack) and cycle-safe (programmatic callers may pass
 * objects that were never JSON).
 */
export function walkJson(root: unknown, visit: (key: string | undefined, value: unknown) => void): void {
  const seen = new Set<object>();
  const stack: { key: string | undefined; value: unknown }[] = [{ key: undefined, value: root }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { key, value } = next;
    visit(key, value);
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ key: undefined, value: value[i] });
    } else {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [k, v] = entries[i] as [string, unknown];
        stack.push({ key: k, value: v });
      }
    }
  }
}

/** Every string in the value: string values and object keys alike, in document order. */
export function collectStrings(root: unknown): string[] {
  const strings: string[] = [];
  walkJson(root, (key, value) => {
    if (key !== undefined) strings.push(key);
    if (typeof value === 'string') strings.push(value);
  });
  return strings;
}
