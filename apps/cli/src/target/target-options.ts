import type { Command } from 'cac';

/**
 * Registers the server flags `targetFromFlags` reads, with one help text for every command that
 * names a server on the command line (`init`, `conformance`, `lint`, `scan`).
 */
export function withTargetOptions(command: Command): Command {
  const named = command
    .option('--stdio <command-line>', 'Spawn the server: a command line, quoted as one argument (split like a shell, run without one)')
    .option('--url <url>', 'Connect to a Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp')
    .option('--header <name: value>', 'HTTP header for every request (with --url); repeatable; values may be ${env:NAME}', {
      type: [String],
    })
    .option('--env <NAME=value>', 'Environment variable for the server process (with --stdio); repeatable; values may be ${env:NAME}', {
      type: [String],
    })
    .option('--pass-env <NAME>', 'Pass this variable of your own environment to a stdio server unchanged (e.g. HTTPS_PROXY); repeatable', {
      type: [String],
    })
    .option(
      '--protocol <era>',
      'auto (default), 2026-07-28 or 2025-11-25; conformance and scan also take both (every conformance assertion in each era)',
    )
    .option('--timeout <ms>', 'Per-request time limit in milliseconds (default 10000)');
  return withConfigOptions(named);
}

/** `--from-config <file> --server <name>`: a server from an `mcp.json`-style client config (`run` takes only these). */
export function withConfigOptions(command: Command): Command {
  return command
    .option('--from-config <file>', 'Read the server from an mcp.json-style client config (mcpServers or VS Code servers; at most 1 MiB)')
    .option('--server <name>', 'With --from-config: the name of the server in that file');
}
