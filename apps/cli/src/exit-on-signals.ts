import { killTrackedGroups } from '@mcp-eval/transports';

/** 128 + the signal's number: the exit status a shell reports for a process a signal ended. */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Servers run in their own process groups, out of reach of a signal to ours (Ctrl-C, a CI cancel,
 * a closed terminal): on one, end every server tree first, then exit with the conventional code.
 * The bin's alone to call: the command tests run `main` in their own process.
 */
export function exitOnSignals(): void {
  for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES)) {
    process.once(signal, () => {
      killTrackedGroups();
      process.exit(code);
    });
  }
}
