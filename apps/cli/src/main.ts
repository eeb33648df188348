import type { CAC } from 'cac';
import { cac } from 'cac';

import { EXIT, UsageError } from './cli-error.js';
import { consoleInfoTo } from './console-info-to.js';
import { reportError } from './error-boundary.js';
import { COMMANDS } from './flags/command-table.js';
import { GLOBAL_FLAGS } from './flags/global-flags.js';
import { registerFlags } from './flags/register-flags.js';
import type { Io } from './io.js';
import { cliVersion } from './version.js';

/** The cac chain, built from the command table: each command's flags, examples and body. */
function commandLine(io: Io, started: (action: Promise<number>) => void): CAC {
  const cli = cac('mcp-eval');
  for (const entry of COMMANDS) {
    const command = cli.command(entry.usage, entry.description);
    registerFlags(command, entry.flags);
    for (const example of entry.examples) command.example(example);
    command.action((...args: unknown[]) => {
      const options = (args.pop() ?? {}) as Record<string, unknown>;
      started(entry.start(io, args, options));
    });
  }
  registerFlags(cli.globalCommand, GLOBAL_FLAGS);
  cli.help();
  cli.version(cliVersion());
  return cli;
}

/**
 * The one error boundary over the command table. Each command is loaded only when it runs, so
 * `--version` and `--help` stay fast. Returns the exit code; only the bin calls `process.exit`.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let action: Promise<number> | undefined;
  const cli = commandLine(io, (started) => {
    action = started;
  });
  try {
    consoleInfoTo(io.stdout, () => cli.parse(['node', 'mcp-eval', ...argv], { run: false }));
    if (cli.options.help || cli.options.version) return EXIT.ok;
    if (!cli.matchedCommand) {
      if (cli.args.length > 0) throw new UsageError(`unknown command \`${cli.args[0] ?? ''}\`; see \`mcp-eval --help\``);
      consoleInfoTo(io.stdout, () => cli.outputHelp());
      return EXIT.usage;
    }
    // cac keeps what follows `--` aside; it is positional (`run -- --help` runs a manifest named `--help`).
    const afterDashes: unknown = cli.options['--'];
    if (Array.isArray(afterDashes) && afterDashes.length > 0) cli.args = [...cli.args, ...afterDashes.map(String)];
    await cli.runMatchedCommand();
    return action ? await action : EXIT.ok;
  } catch (error) {
    return reportError(error, io, cli.options['debug'] === true);
  }
}
