import { validateHeaderName, validateHeaderValue } from 'node:http';

/**
 * A request's headers: content negotiation, then the target's own, then the message's (null
 * removes). Names are lower-cased and every name and value checked, so an invalid caller-supplied
 * header throws before anything is sent, as `new Headers()` did.
 */
export function requestHeaders(
  targetHeaders: Readonly<Record<string, string>> | undefined,
  overrides: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const headers = new Map([
    ['content-type', 'application/json'],
    ['accept', 'application/json, text/event-stream'],
  ]);
  for (const [name, value] of Object.entries(targetHeaders ?? {})) setHeader(headers, name, value);
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) headers.delete(name.toLowerCase());
    else setHeader(headers, name, value);
  }
  return Object.fromEntries(headers);
}

function setHeader(headers: Map<string, string>, name: string, value: string): void {
  validateHeaderName(name);
  // `Headers` strips leading and trailing HTTP whitespace from a value; so does this.
  const trimmed = value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  validateHeaderValue(name, trimmed);
  headers.set(name.toLowerCase(), trimmed);
}

/** The response's headers as `Object.fromEntries(response.headers)` gave them: sorted, repeats joined. */
export function responseHeaderRecord(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const name of Object.keys(headers).sort()) {
    const value = headers[name];
    if (value === undefined) continue;
    // `Headers` iterates each set-cookie on its own, so the last one won.
    if (Array.isArray(value)) record[name] = name === 'set-cookie' ? (value.at(-1) ?? '') : value.join(', ');
    else record[name] = value;
  }
  return record;
}
