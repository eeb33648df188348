/**
 * The characters that change what a terminal shows rather than showing themselves: C0 (but the
 * newline), DEL and C1 (so every escape sequence), and the bidirectional controls that reorder a
 * line (U+200E/F, U+202A–U+202E, U+2066–U+2069). One class serves the escaping below and the
 * report schema's `safeText` pattern, so what a saved report may hold and what is escaped agree.
 */
const UNSAFE_CLASS = '\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

/** A JSON Schema pattern for text a saved file may put on a terminal: none of the above, and no newline. */
export const SAFE_TEXT_PATTERN = `^[^${UNSAFE_CLASS}\\u000a]*$`;

const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, 'gu');

/**
 * Makes text from a file or a server inert on a terminal: every character above becomes a visible
 * `\xNN` or `\uNNNN` escape. Newlines are kept (callers that want one line use `escapeLine`).
 */
export function escapeTerminalText(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Longest name `escapeLine` shows by default, in characters; the rest is cut with `…`. */
const MAX_SHOWN_CHARS = 80;

/** A name from a file (a key, an id, a path) as one inert line: escaped, newlines too, and cut when long. */
export function escapeLine(text: string, max = MAX_SHOWN_CHARS): string {
  const escaped = escapeTerminalText(text).replaceAll('\n', '\\n');
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}
