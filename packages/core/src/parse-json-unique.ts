/** Where a key stands in the text: 1-based line and column (UTF-16 units). */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

export type UniqueJsonResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: 'not-json'; readonly position?: number }
  | {
      readonly ok: false;
      readonly problem: 'duplicate-key';
      /** The key as the parser decodes it (`"a"` and `"\u0061"` are the same key); the caller escapes it. */
      readonly key: string;
      readonly first: TextPosition;
      readonly second: TextPosition;
    };

interface Frame {
  /** An object's keys so far, with the index each starts at; undefined for an array. */
  readonly keys: string[] | undefined;
  readonly at: number[];
  /** Past a few keys, a set answers faster than a scan of `keys`. */
  set: Set<string> | undefined;
  expectKey: boolean;
}

/** How many keys an object holds before its frame builds a set: most objects are small. */
const LINEAR_KEYS = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Strict JSON with every object's keys unique. `JSON.parse` keeps the last of two equal keys, so a
 * file whose first entry a reviewer reads can run its second: a duplicate is refused, located at both.
 * The text is parsed by `JSON.parse` first (so the scan below sees only valid JSON), then scanned
 * once, without recursion: nesting costs one frame per level, bounded by the caller's byte bound.
 * Messages never quote the text: a position, or the key for the caller to escape.
 */
export function parseJsonUnique(text: string): UniqueJsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the input; keep only the position it names.
    const position = error instanceof Error ? /position (\d+)/.exec(error.message)?.[1] : undefined;
    return position === undefined ? { ok: false, problem: 'not-json' } : { ok: false, problem: 'not-json', position: Number(position) };
  }
  const duplicate = firstDuplicateKey(text);
  return duplicate === undefined ? { ok: true, value } : { ok: false, problem: 'duplicate-key', ...duplicate };
}

/** The first key that repeats within one object of valid JSON `text`, with both places. */
function firstDuplicateKey(text: string): { key: string; first: TextPosition; second: TextPosition } | undefined {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.keys !== undefined && top.expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const seen = top.set === undefined ? top.keys.includes(key) : top.set.has(key);
        if (seen) {
          const first = top.at[top.keys.indexOf(key)] ?? 0;
          return { key, first: positionOf(text, first), second: positionOf(text, i) };
        }
        top.keys.push(key);
        top.at.push(i);
        if (top.set !== undefined) top.set.add(key);
        else if (top.keys.length > LINEAR_KEYS) top.set = new Set(top.keys);
        top.expectKey = false;
      }
      i = end;
    } else if (code === 0x7b /* { */) stack.push({ keys: [], at: [], set: undefined, expectKey: true });
    else if (code === 0x5b /* [ */) stack.push({ keys: undefined, at: [], set: undefined, expectKey: false });
    else if (code === 0x7d /* } */ || code === 0x5d /* ] */) stack.pop();
    else if (code === 0x2c /* , */) {
      const top = stack.at(-1);
      if (top?.keys !== undefined) top.expectKey = true;
    }
  }
  return undefined;
}

/** The line and column of `index`, counted only when a duplicate is found. */
function positionOf(text: string, index: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line += 1;
    lineStart = at + 1;
  }
  return { line, column: index - lineStart + 1 };
}

/** The index of the quote that closes the string opening at `start` (valid JSON: raw newlines cannot occur inside). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  // A quote preceded by an odd number of backslashes is escaped: look further.
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length - 1;
}
