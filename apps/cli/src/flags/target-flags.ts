import { given } from '../parse-flags.js';
import { flag } from './flag.js';

/** `--from-config <file> --server <name>`: a server from an `mcp.json`-style client config (`run` takes only these). */
export const CONFIG_FLAGS = [
  flag(
    '--from-config <file>',
    'Read the server from an mcp.json-style client config (mcpServers or VS Code servers; at most 1 MiB)',
    given,
  ),
  flag('--server <name>', 'With --from-config: the name of the server in that file', given),
];

/** The server flags `targetFromFlags` reads (and parses), for every command that names a server on the command line. */
export const TARGET_FLAGS = [
  flag('--stdio <command-line>', 'Spawn the server: a command line, quoted as one argument (split like a shell, run without one)', given),
  flag('--url <url>', 'Connect to a Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp', given),
  flag('--header <name: value>', 'HTTP header for every request (with --url); repeatable; values may be ${env:NAME}', given, {
    repeatable: true,
  }),
  flag('--env <NAME=value>', 'Environment variable for the server process (with --stdio); repeatable; values may be ${env:NAME}', given, {
    repeatable: true,
  }),
  flag(
    '--pass-env <NAME>',
    'Pass this variable of your own environment to a stdio server unchanged (e.g. HTTPS_PROXY); repeatable',
    given,
    { repeatable: true },
  ),
  flag(
    '--protocol <era>',
    'auto (default), 2026-07-28 or 2025-11-25; conformance and scan also take both (every conformance assertion in each era)',
    given,
  ),
  flag('--timeout <ms>', 'Per-request time limit in milliseconds (default 10000)', given),
  ...CONFIG_FLAGS,
];
