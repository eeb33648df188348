/** Base64 as RFC 4648 section 4 defines it, strictly: the standard alphabet, whole quanta, padding only at the end. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** An RFC 9110 token (type, subtype, parameter name). */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** `type/subtype` with optional `; name=value` parameters (RFC 6838, RFC 9110 section 8.3.1). */
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*$`);

/** Whether `value` is a string of strict base64 (no whitespace, no URL-safe alphabet, no missing padding). */
export function isStrictBase64(value: unknown): boolean {
  return typeof value === 'string' && BASE64.test(value);
}

/** Whether `value` is a syntactically valid media type such as `image/png`. */
export function isMediaType(value: unknown): boolean {
  return typeof value === 'string' && MEDIA_TYPE.test(value);
}

/**
 * A resource body (`resources/read` contents, an embedded resource): exactly one of a `text`
 * string or a `blob` of base64. `missing` covers neither, both, and either of the wrong type.
 */
export function bodyDefect(entry: Readonly<Record<string, unknown>>): 'body-missing' | 'blob-not-base64' | undefined {
  const hasText = entry.text !== undefined;
  const hasBlob = entry.blob !== undefined;
  if (hasText === hasBlob) return 'body-missing';
  if (hasText) return typeof entry.text === 'string' ? undefined : 'body-missing';
  if (typeof entry.blob !== 'string') return 'body-missing';
  return isStrictBase64(entry.blob) ? undefined : 'blob-not-base64';
}
