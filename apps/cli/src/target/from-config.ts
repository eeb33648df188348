import { pushAll } from '@mcp-eval/protocol';
import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';

import { escapeLine, isRecord, parseJsonUnique } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';

/** The largest client config `--from-config` reads (1 MiB); a bigger file is exit 2, never read whole. */
export const MAX_CONFIG_BYTES = 1_048_576;
/** How many of the config's server names an unknown `--server` message lists. */
const MAX_LISTED_NAMES = 20;

/** One server of a client config, in the shape the target flags describe it (values unexpanded). */
export type ConfigServer =
  | {
      readonly transport: 'stdio';
      readonly command: string;
      readonly args: readonly string[];
      readonly env: Readonly<Record<string, string>>;
    }
  | { readonly transport: 'http'; readonly url: string; readonly headers: Readonly<Record<string, string>> };

/** The keys a client keeps its servers under: Claude Desktop and Cursor, then VS Code. */
const SERVER_MAPS = ['mcpServers', 'servers'] as const;
/** Entry keys that would change how the server starts, which MCP Eval does not honour: refused, not ignored. */
const UNSUPPORTED_KEYS = ['cwd', 'envFile'] as const;
const HTTP_TYPES: readonly string[] = ['http', 'streamable-http', 'streamableHttp'];

/**
 * Reads `--from-config <file> --server <name>`: the server `name` from an `mcp.json`-style client
 * config, `{"mcpServers": {name: {command, args, env} | {url, headers}}}` (Claude Desktop, Cursor)
 * or VS Code's `{"servers": {name: {type: "stdio" | "http", …}}}`. Strict JSON, at most
 * MAX_CONFIG_BYTES. Messages name the file, the server and the key at fault, never a value: env
 * and header values in client configs are often secrets; names are escaped (`escapeLine`).
 */
export function readConfigServer(file: string, name: string, cwd: string): ConfigServer {
  return parseConfigServer(readBounded(file, cwd), file, name);
}

/** The file's text, refusing anything over the bound without reading past it (also /dev/zero). */
function readBounded(file: string, cwd: string): string {
  let fd: number;
  try {
    fd = openSync(resolve(cwd, file), 'r');
  } catch (error) {
    throw new UsageError(`--from-config ${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  try {
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n) {
      try {
        n = readSync(fd, buffer, length, buffer.length - length, null);
      } catch (error) {
        throw new UsageError(`--from-config ${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
      }
    }
    if (length > MAX_CONFIG_BYTES)
      throw new UsageError(
        `--from-config ${file}: the file is larger than ${MAX_CONFIG_BYTES} bytes (1 MiB); a client config is far smaller`,
      );
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

/** Parses a client config's text and picks one server from it. */
export function parseConfigServer(text: string, file: string, name: string): ConfigServer {
  const fail = (why: string): never => {
    throw new UsageError(`--from-config ${file}: ${why}`);
  };
  const parsed = parseJsonUnique(text);
  if (!parsed.ok) {
    // A reviewer reads the first of two equal keys; JSON.parse would start the second.
    if (parsed.problem === 'duplicate-key')
      return fail(
        `the key \`${escapeLine(parsed.key)}\` appears twice in one object (line ${parsed.first.line}, column ${parsed.first.column} and line ${parsed.second.line}, column ${parsed.second.column}); keep one`,
      );
    return fail(
      `not valid JSON${parsed.position === undefined ? '' : ` (at position ${parsed.position})`}; comments and trailing commas are not accepted`,
    );
  }
  const data = parsed.value;
  if (!isRecord(data)) return fail("expected a JSON object with `mcpServers` (or VS Code's `servers`)");
  const maps = SERVER_MAPS.filter((key) => Object.hasOwn(data, key));
  if (maps.length === 0) return fail("no `mcpServers` (or VS Code's `servers`) object in the file");
  const names: string[] = [];
  const found: { key: string; entry: unknown }[] = [];
  for (const key of maps) {
    const servers = data[key];
    if (!isRecord(servers)) return fail(`\`${key}\` must be an object of servers by name`);
    pushAll(names, Object.keys(servers));
    if (Object.hasOwn(servers, name)) found.push({ key, entry: servers[name] });
  }
  const shown = `\`${escapeLine(name)}\``;
  if (found.length > 1) return fail(`server ${shown} is defined under both \`mcpServers\` and \`servers\`; keep one`);
  const [hit] = found;
  if (hit === undefined) {
    const listed = names
      .slice(0, MAX_LISTED_NAMES)
      .map((n) => `\`${escapeLine(n)}\``)
      .join(', ');
    const more = names.length > MAX_LISTED_NAMES ? ` and ${names.length - MAX_LISTED_NAMES} more` : '';
    return fail(
      names.length === 0 ? `no server ${shown}: the file defines no servers` : `no server ${shown}; the file defines ${listed}${more}`,
    );
  }
  return entryServer(hit.entry, (why) => fail(`server ${shown}: ${why}`));
}

function entryServer(entry: unknown, fail: (why: string) => never): ConfigServer {
  if (!isRecord(entry)) return fail('expected an object with `command` (stdio) or `url` (HTTP)');
  for (const key of UNSUPPORTED_KEYS)
    if (Object.hasOwn(entry, key))
      fail(`\`${key}\` is not supported (the server starts in the current directory, with only \`env\` added)`);
  const type = entry.type;
  const hasCommand = Object.hasOwn(entry, 'command');
  const hasUrl = Object.hasOwn(entry, 'url');
  if (type === 'sse')
    return fail('`type: "sse"` (the deprecated HTTP+SSE transport) is not supported; use the server\'s Streamable HTTP endpoint');
  if (type !== undefined && type !== 'stdio' && !(typeof type === 'string' && HTTP_TYPES.includes(type)))
    return fail('`type` must be `stdio` or `http`');
  if (hasCommand && hasUrl) return fail('has both `command` and `url`; keep one');
  const stdio = type === 'stdio' || (type === undefined && hasCommand);
  if (stdio) {
    if (typeof entry.command !== 'string' || entry.command.trim() === '') return fail('`command` must be a non-empty string');
    if (hasUrl || Object.hasOwn(entry, 'headers')) return fail('`url` and `headers` apply only to an HTTP server');
    return {
      transport: 'stdio',
      command: entry.command,
      args: stringArray(entry.args, 'args', fail),
      env: stringMap(entry.env, 'env', fail),
    };
  }
  if (type === undefined && !hasUrl) return fail('expected `command` (stdio) or `url` (HTTP)');
  if (typeof entry.url !== 'string' || entry.url.trim() === '') return fail('`url` must be a non-empty string');
  if (hasCommand || Object.hasOwn(entry, 'args') || Object.hasOwn(entry, 'env'))
    return fail('`command`, `args` and `env` apply only to a stdio server');
  return { transport: 'http', url: entry.url, headers: stringMap(entry.headers, 'headers', fail) };
}

function stringArray(value: unknown, key: string, fail: (why: string) => never): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return fail(`\`${key}\` must be an array of strings`);
  return value as string[];
}

function stringMap(value: unknown, key: string, fail: (why: string) => never): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) return fail(`\`${key}\` must be an object of strings`);
  const result: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    // The name is the user's own key; the value may be a secret and is never shown.
    if (typeof v !== 'string') return fail(`\`${key}.${escapeLine(name)}\` must be a string`);
    result[name] = v;
  }
  return result;
}
