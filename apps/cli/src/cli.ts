#!/usr/bin/env node
import { killTrackedGroups } from '@mcp-eval/transports';

import { main } from './main.js';

// Servers run in their own process groups, out of reach of a signal to ours (Ctrl-C, a CI cancel,
// a closed terminal): end every server tree first, then exit with the conventional 128 + signal.
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES)) {
  process.once(signal, () => {
    killTrackedGroups();
    process.exit(code);
  });
}

const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
process.exitCode = code;
// Servers are closed by then; a straggling handle must not keep CI waiting.
setTimeout(() => process.exit(code), 2_000).unref();
