import type { Manifest, ProtocolChoice, ServerSpec } from '@mcp-eval/core';
import { DEFAULT_TIMEOUT_MS, expandEnv, MAX_PASS_ENV } from '@mcp-eval/core';
import { HTTP_URL_EXPECTED, isHttpUrl, PROTOCOL_CHOICES, type ServerTarget } from '@mcp-eval/protocol';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { positiveInt, stringList } from '../parse-flags.js';
import type { ConfigServer } from './from-config.js';
import { readConfigServer } from './from-config.js';
import { flagName } from './flag-name.js';
import { splitShellWords } from './shell-words.js';

/** The flags that name a server without a manifest: `init`, `conformance` and `lint` share them. */
export interface TargetFlags {
  readonly stdio?: unknown;
  readonly url?: unknown;
  readonly header?: unknown;
  readonly env?: unknown;
  readonly protocol?: unknown;
  readonly timeout?: unknown;
  readonly fromConfig?: unknown;
  readonly server?: unknown;
  /** `--pass-env NAME`, repeatable: parent variables a stdio server gets unchanged. */
  readonly passEnv?: unknown;
}

export interface FlagTarget {
  /**
   * The server as the user wrote it, `${env:…}` references unexpanded, in the manifest's own
   * shape: what `init` writes into a manifest. Never connect to this one.
   */
  readonly written: ServerSpec;
  /** The same server with `${env:…}` expanded, ready for `createConnector`. */
  readonly target: ServerTarget;
  readonly protocol: ProtocolChoice;
  readonly timeoutMs: number;
}

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads `--stdio "<command line>"` or `--url <url>` (exactly one), with `--header "Name: value"`
 * (HTTP only, repeatable), `--env NAME=value` (stdio only, repeatable), `--protocol` and
 * `--timeout`. Values may hold `${env:NAME}` references, expanded here exactly as in a manifest,
 * so a token can stay out of the command line (`--header 'Authorization: Bearer ${env:TOKEN}'`).
 * A stdio server starts in the invocation's working directory and is spawned without a shell.
 */
export function targetFromFlags(flags: TargetFlags, io: Io): FlagTarget {
  const stdio = optionalString(flags.stdio, '--stdio');
  const url = optionalString(flags.url, '--url');
  const configFile = optionalString(flags.fromConfig, '--from-config');
  const serverName = optionalString(flags.server, '--server');
  if ([stdio, url, configFile].filter((v) => v !== undefined).length !== 1) {
    throw new UsageError(
      'name the server with exactly one of --stdio "<command line>", --url <url> or --from-config <file> --server <name>',
    );
  }
  if ((configFile === undefined) !== (serverName === undefined))
    throw new UsageError('--from-config <file> and --server <name> go together');
  const headers = stringList(flags.header, '--header');
  const env = stringList(flags.env, '--env');
  const protocol = protocolChoice(flags.protocol);
  const timeoutMs = positiveInt(flags.timeout, '--timeout') ?? DEFAULT_TIMEOUT_MS;
  const passEnv = passEnvNames(flags.passEnv);
  const common = { protocol, timeoutMs };

  let written: ServerSpec;
  if (configFile !== undefined) {
    if (headers.length > 0 || env.length > 0)
      throw new UsageError('--header and --env do not apply with --from-config: the config file gives the server its headers or env');
    written = { ...checkedConfigServer(configFile, serverName ?? '', io), ...common };
  } else if (stdio !== undefined) {
    if (headers.length > 0) throw new UsageError('--header applies only to --url (an HTTP server)');
    const [command, ...args] = splitShellWords(stdio, '--stdio');
    if (command === undefined || command === '') throw new UsageError('--stdio needs a command line, e.g. --stdio "node server.js"');
    written = { transport: 'stdio', command, args, env: pairs(env, '--env', parseEnvPair), ...common };
  } else {
    if (env.length > 0) throw new UsageError('--env applies only to --stdio (a server process)');
    // A URL with a reference is checked once expanded, by expandEnv.
    if (!url?.includes('${') && !isHttpUrl(url ?? '')) throw new UsageError(`--url ${HTTP_URL_EXPECTED}`);
    written = { transport: 'http', url: url ?? '', headers: pairs(headers, '--header', parseHeader), ...common };
  }

  if (passEnv.length > 0) {
    if (written.transport === 'http') throw new UsageError('--pass-env applies only to a stdio server (a process to pass variables to)');
    written = { ...written, passEnv };
  }

  // A config file's server is named in its own terms; flags by the flag that set the value.
  const expanded = expandEnv(syntheticManifest(written), io.env, configFile === undefined ? { name: flagName } : {});
  const from = configFile === undefined ? '' : `--from-config ${configFile}: server \`${serverName ?? ''}\`: `;
  if (!expanded.ok) throw new UsageError(expanded.errors.map((e) => `${from}${e.message}`).join('\n'));
  // The expanded server is the target itself; its settings travel beside it. A stdio server starts here.
  const { protocol: _protocol, timeoutMs: _timeoutMs, catalogBudget: _catalogBudget, ...target } = expanded.manifest.server;
  return { written, target: target.transport === 'stdio' ? { ...target, cwd: io.cwd } : target, ...common };
}

/** A client config's server, its header and variable names held to the flags' own rules. */
function checkedConfigServer(file: string, name: string, io: Io): ConfigServer {
  const server = readConfigServer(file, name, io.cwd);
  const bad = (why: string): never => {
    throw new UsageError(`--from-config ${file}: server \`${name}\`: ${why}`);
  };
  if (server.transport === 'stdio') {
    if (!Object.keys(server.env).every((key) => ENV_NAME.test(key))) bad('every `env` name must be made of letters, digits and _');
    return server;
  }
  const seen = new Set<string>();
  for (const key of Object.keys(server.headers)) {
    if (!HEADER_NAME.test(key)) bad('every `headers` name must be an HTTP header name (a token, no spaces or colons)');
    if (seen.has(key.toLowerCase())) bad('`headers` names one header twice (header names are case-insensitive)');
    seen.add(key.toLowerCase());
  }
  if (!server.url.includes('${') && !isHttpUrl(server.url)) bad(`\`url\` ${HTTP_URL_EXPECTED}`);
  return server;
}

function optionalString(value: unknown, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${flag} needs a value`);
  return value;
}

function protocolChoice(value: unknown): ProtocolChoice {
  if (value === undefined) return 'auto';
  const choice = PROTOCOL_CHOICES.find((p) => p === String(value));
  if (choice === undefined) throw new UsageError(`--protocol must be one of: ${PROTOCOL_CHOICES.join(', ')}`);
  return choice;
}

/** `Name: value`, as curl spells it. The value is the user's own and may be a secret: never echoed. */
function parseHeader(spec: string): [string, string] {
  const colon = spec.indexOf(':');
  const name = colon < 0 ? '' : spec.slice(0, colon).trim();
  if (!HEADER_NAME.test(name)) throw new UsageError('--header must look like "Name: value" (a header name, a colon, the value)');
  return [name, spec.slice(colon + 1).trim()];
}

/** `--pass-env` names: variable names, each once, at most `MAX_PASS_ENV` (as `server.pass_env`). */
function passEnvNames(value: unknown): string[] {
  const names = stringList(value, '--pass-env');
  for (const name of names) {
    if (!ENV_NAME.test(name)) throw new UsageError('--pass-env takes a variable name (letters, digits and _), not NAME=value');
  }
  if (new Set(names).size !== names.length) throw new UsageError('--pass-env names a variable twice');
  if (names.length > MAX_PASS_ENV) throw new UsageError(`--pass-env may name at most ${MAX_PASS_ENV} variables`);
  return names;
}

function parseEnvPair(spec: string): [string, string] {
  const equals = spec.indexOf('=');
  const name = equals < 0 ? '' : spec.slice(0, equals);
  if (!ENV_NAME.test(name)) throw new UsageError('--env must look like NAME=value (NAME made of letters, digits and _)');
  return [name, spec.slice(equals + 1)];
}

function pairs(specs: readonly string[], flag: string, parse: (spec: string) => [string, string]): Record<string, string> {
  const result: Record<string, string> = {};
  const seen = new Set<string>();
  for (const spec of specs) {
    const [name, value] = parse(spec);
    // Header names are case-insensitive; a repeat would silently drop one of the two.
    const key = flag === '--header' ? name.toLowerCase() : name;
    if (seen.has(key)) throw new UsageError(`${flag} names \`${name}\` twice`);
    seen.add(key);
    result[name] = value;
  }
  return result;
}

/** The flags as a one-server manifest, so `${env:…}` expands by the manifest's own rules. */
function syntheticManifest(server: ServerSpec): Manifest {
  return { version: 1, file: '<command line>', server, repeat: 1, cases: [] };
}
