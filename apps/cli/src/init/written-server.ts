import type { ServerSpec } from '@mcp-eval/core';

/** `${env:NAME}` somewhere in a value: the user already kept the secret out of the command line. */
const REFERENCE = /\$\{env:[A-Za-z_][A-Za-z0-9_]*\}/;

/** `Authorization` → `AUTHORIZATION`, `X-Api-Key` → `X_API_KEY`: an environment variable for a header's value. */
function envNameForHeader(header: string): string {
  const name = header.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[A-Z_]/.test(name) ? name : `_${name}`;
}

/**
 * The server block init writes. `--header` and `--env` values may be secrets, and a manifest is
 * checked in: a value is written only when it already is a `${env:…}` reference; any other value
 * becomes a reference to an environment variable (the header's name, or the variable itself), with
 * a note saying which variables to set. The command line and URL are written as given.
 */
export function writtenServer(server: ServerSpec): { server: ServerSpec; notes: string[] } {
  const replaced: string[] = [];
  const keep = (value: string, variable: string): string => {
    if (REFERENCE.test(value)) return value;
    replaced.push(variable);
    return `\${env:${variable}}`;
  };
  let written: ServerSpec;
  if (server.transport === 'stdio') {
    written = { ...server, env: Object.fromEntries(Object.entries(server.env).map(([name, value]) => [name, keep(value, name)])) };
  } else {
    written = {
      ...server,
      headers: Object.fromEntries(Object.entries(server.headers).map(([name, value]) => [name, keep(value, envNameForHeader(name))])),
    };
  }
  const notes =
    replaced.length === 0
      ? []
      : [`TODO: set ${replaced.join(', ')} in the environment of every run: init never writes the values given on its command line.`];
  return { server: written, notes };
}
