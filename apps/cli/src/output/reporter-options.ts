import type { Command } from 'cac';

/**
 * Registers the output flags `resolveReporterTargets` and `useColor` read, with one help text for
 * every command that renders a report (`run`, `report`, `conformance`, `lint`).
 */
export function withReporterOptions(command: Command): Command {
  return command
    .option('--reporter <name[=path]>', 'Report format: pretty, json, junit, sarif; repeatable; =path writes a file', { type: [String] })
    .option('--output-dir <dir>', 'Write reporters given without a path to <dir>/mcp-eval.<ext>')
    .option('--no-color', 'Plain console output even on a terminal');
}
