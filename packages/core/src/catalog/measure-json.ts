import { jsonStringBytes } from './json-string-bytes.js';

/** What one JSON value costs: its compact UTF-8 encoding and how deep it nests. */
export interface JsonSize {
  /** Equals `Buffer.byteLength(JSON.stringify(value))` for JSON data. */
  readonly bytes: number;
  /** Nesting levels of objects and arrays: 0 for a scalar, 1 for `{}` or `[]`, 2 for `{"a":{}}`. */
  readonly depth: number;
}

/** A JSON object's size, and the size of the object cut down to some of its members. */
export interface EntrySize extends JsonSize {
  /** Equals `Buffer.byteLength(JSON.stringify(picked))`, `picked` holding only the chosen members. */
  readonly entryBytes: number;
}

/** What `JSON.stringify` leaves out of an object (and writes as `null` in an array). */
const omitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

function scalarBytes(value: unknown): number {
  if (typeof value === 'string') return jsonStringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  return 4; // null, what an array slot encodes as null, and an object met again
}

/**
 * One walk over `root`: one explicit stack (three parallel arrays, no object per value), each value
 * visited once, every string counted in place (`jsonStringBytes`), never encoded. With `members`,
 * `root`'s members of those names, and all inside them, also count toward `entryBytes`.
 */
function walk(root: unknown, members: ReadonlySet<string> | undefined): EntrySize {
  let bytes = 0;
  let entryBytes = 0;
  let depth = 0;
  const seen = new Set<object>();
  const values: unknown[] = [root];
  const levels: number[] = [0];
  const marks: boolean[] = [false];
  while (values.length > 0) {
    const value = values.pop();
    const level = (levels.pop() as number) + 1;
    const marked = marks.pop() as boolean;
    if (typeof value !== 'object' || value === null || seen.has(value)) {
      const size = scalarBytes(value);
      bytes += size;
      if (marked) entryBytes += size;
      continue;
    }
    seen.add(value);
    if (level > depth) depth = level;
    let size: number;
    if (Array.isArray(value)) {
      size = 2 + Math.max(0, value.length - 1);
      for (const element of value as unknown[]) {
        values.push(element);
        levels.push(level);
        marks.push(marked);
      }
    } else {
      const picking = members !== undefined && level === 1;
      let kept = 0;
      let picked = 0;
      size = 0;
      for (const key of Object.keys(value)) {
        const member = (value as Record<string, unknown>)[key];
        if (omitted(member)) continue;
        kept += 1;
        const keyBytes = jsonStringBytes(key) + 1;
        size += keyBytes;
        const pick = picking && members.has(key);
        if (pick) {
          picked += 1;
          entryBytes += keyBytes;
        }
        values.push(member);
        levels.push(level);
        marks.push(marked || pick);
      }
      size += 2 + Math.max(0, kept - 1);
      if (picking) entryBytes += 2 + Math.max(0, picked - 1);
    }
    bytes += size;
    if (marked) entryBytes += size;
  }
  return { bytes, depth, entryBytes: members === undefined ? bytes : entryBytes };
}

/**
 * Measures untrusted JSON without `JSON.stringify`, whose recursion overflows the stack on a
 * hostile schema some 8k levels deep, and which would build the whole encoding only to count it.
 * Follows `JSON.stringify`'s rules for data parsed from JSON (an `undefined` member is left out, an
 * `undefined` array slot and a non-finite number encode as `null`). An object met a second time
 * (a cycle or shared reference, which parsed JSON never holds) counts as `null` and is not entered
 * again, so programmatic input cannot make the walk endless.
 */
export function measureJson(root: unknown): JsonSize {
  const { bytes, depth } = walk(root, undefined);
  return { bytes, depth };
}

/**
 * `measureJson` of `entry`, and in the same walk the bytes of `entry` cut down to `members`
 * (those it has), as one compact JSON object: what a list walk measures once per item. Without
 * `members`, `entryBytes` is `bytes`.
 */
export function measureEntry(entry: Readonly<Record<string, unknown>>, members?: ReadonlySet<string>): EntrySize {
  return walk(entry, members);
}
