/**
 * A server URL the HTTP transport can use: absolute, http: or https:, and with no `user:pass@`
 * (fetch refuses a URL with credentials, and a credential belongs in a header, not in a URL that
 * ends up in logs).
 */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, username, password } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && username === '' && password === '';
}

export const HTTP_URL_EXPECTED = 'must be an http:// or https:// URL with no user:password@ in it';
