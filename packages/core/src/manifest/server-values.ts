import type { ServerSpec } from './manifest-types.js';
import type { YamlPath } from './yaml-locator.js';

/**
 * What the transports will hand to HTTP or to `spawn`, checked before anything connects: undici
 * refuses a header value with CR, LF, NUL or another control character (and `fetch` one above
 * U+00FF) with an error that quotes the whole value, and `spawn` refuses a NUL the same way. A
 * secret from `${env:…}` must never reach such a message, so these are manifest errors that name
 * the place, never the value. `parseManifest` checks the literal text, `expandEnv` the result.
 */
export type ServerValueKind = 'header-name' | 'header-value' | 'url' | 'env-name' | 'process-string';

export interface ServerValue {
  /** `['server', 'headers', 'X-Api-Key']`: the path `expandEnv` and its references use. */
  readonly path: YamlPath;
  readonly kind: ServerValueKind;
  readonly value: string;
}

/** RFC 9110 field-value: tab, visible ASCII, space, obs-text (0x80-0xFF). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\x00-\x1f\x7f]/;
const LINE_BREAK = /[\r\n]/;

/** Every string of the server block a transport uses, with what it must be. */
export function serverValues(server: ServerSpec): ServerValue[] {
  if (server.transport === 'http') {
    return [
      { path: ['server', 'url'], kind: 'url', value: server.url },
      ...Object.entries(server.headers).flatMap(([name, value]): ServerValue[] => [
        { path: ['server', 'headers', name], kind: 'header-name', value: name },
        { path: ['server', 'headers', name], kind: 'header-value', value },
      ]),
    ];
  }
  return [
    { path: ['server', 'command'], kind: 'process-string', value: server.command },
    ...server.args.map((value, i): ServerValue => ({ path: ['server', 'args', i], kind: 'process-string', value })),
    ...Object.entries(server.env).flatMap(([name, value]): ServerValue[] => [
      { path: ['server', 'env', name], kind: 'env-name', value: name },
      { path: ['server', 'env', name], kind: 'process-string', value },
    ]),
    ...(server.cwd === undefined ? [] : [{ path: ['server', 'cwd'], kind: 'process-string', value: server.cwd } satisfies ServerValue]),
  ];
}

/** Why `value` cannot be used as `kind`, in words that never quote it; `undefined` when it can. */
export function serverValueProblem(kind: ServerValueKind, value: string): string | undefined {
  switch (kind) {
    case 'header-name':
      return HEADER_NAME.test(value) ? undefined : "is not an HTTP header name (a token: letters, digits and !#$%&'*+.^_`|~-)";
    case 'header-value':
      if (HEADER_VALUE.test(value)) return undefined;
      if (LINE_BREAK.test(value)) return 'has a line break (CR or LF), which HTTP forbids in a header value';
      if (value.includes('\0')) return 'has a NUL character, which HTTP forbids in a header value';
      if (CONTROL.test(value)) return 'has a control character, which HTTP forbids in a header value';
      return 'has a character above U+00FF, which an HTTP header value cannot carry';
    case 'url':
      return CONTROL.test(value) ? 'has a control character (CR, LF, NUL, tab or another), which a URL may not' : undefined;
    case 'env-name':
      return value === '' || value.includes('=') || value.includes('\0')
        ? 'is not an environment variable name (non-empty, no `=` or NUL)'
        : undefined;
    case 'process-string':
      return value.includes('\0') ? 'has a NUL character, which a process cannot receive' : undefined;
  }
}

export interface ServerValueError {
  readonly path: YamlPath;
  /** True when the key at `path` (a header or variable name) is wrong, not its value. */
  readonly atKey: boolean;
  readonly message: string;
}

/**
 * Every value of `server` that a transport could not use, as a message built from `where` (how
 * the caller names a path) and a fixed reason. A bad name is told by its parent (never printed:
 * it may hold control characters), and then its value is not looked at.
 */
export function checkServerValues(server: ServerSpec, where: (path: YamlPath) => string): ServerValueError[] {
  const errors: ServerValueError[] = [];
  const badNames = new Set<string>();
  for (const item of serverValues(server)) {
    const key = JSON.stringify(item.path);
    if (badNames.has(key)) continue;
    const problem = serverValueProblem(item.kind, item.value);
    if (problem === undefined) continue;
    const isName = item.kind === 'header-name' || item.kind === 'env-name';
    if (isName) badNames.add(key);
    errors.push({
      path: item.path,
      atKey: isName,
      message: isName ? `a key in ${where(item.path.slice(0, -1))} ${problem}` : `${where(item.path)} ${problem}`,
    });
  }
  return errors;
}
