/** A server URL the HTTP transport can use: absolute, http: or https:. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

export const HTTP_URL_EXPECTED = 'must be an http:// or https:// URL';
