/** Printable ASCII but `"` and `\`: each such character encodes as itself, one byte. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * UTF-8 bytes of `text` as JSON encodes it, quotes included: equals
 * `Buffer.byteLength(JSON.stringify(text))` without building the encoded copy. `"`, `\` and
 * `\b \f \n \r \t` take two bytes, other control characters six (`\u0000`), a lone surrogate six
 * (`JSON.stringify` escapes it as `\udXXX`), a surrogate pair four, U+2028 and U+2029 three (left
 * as they are).
 */
export function jsonStringBytes(text: string): number {
  // Most catalog text is plain ASCII: one native scan, no per-character loop.
  if (PLAIN.test(text)) return text.length + 2;
  let bytes = 2;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c >= 0x20) bytes += c === 0x22 || c === 0x5c ? 2 : 1;
      else bytes += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    } else if (c < 0x800) bytes += 2;
    else if (c < 0xd800 || c > 0xdfff) bytes += 3;
    else if (c <= 0xdbff && i + 1 < length && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else bytes += 6;
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
