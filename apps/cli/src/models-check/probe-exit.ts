import { EXIT } from '../cli-error.js';
import type { ExitCode } from '../cli-error.js';
import type { ProbeResult } from './probe-column.js';

/**
 * `models check`'s exit code: 0 when every model column answered (the `lexical` column is not a
 * model and always counts as fine), 4 when none did, 1 when some did not. A column with no key
 * is not reachable: the check is the place to find that out before a run skips it.
 */
export function probeExit(results: readonly ProbeResult[]): ExitCode {
  const models = results.filter((r) => r.status !== 'not-a-model');
  const reachable = models.filter((r) => r.status === 'reachable').length;
  if (reachable === models.length) return EXIT.ok;
  return reachable === 0 ? EXIT.unevaluated : EXIT.failed;
}
