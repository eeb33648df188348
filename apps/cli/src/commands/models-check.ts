import { EXIT, UsageError } from '../cli-error.js';
import type { FlagValues } from '../flags/flag.js';
import type { MODELS_FLAGS } from '../flags/models-flags.js';
import type { Io } from '../io.js';
import { loadValidManifest } from '../manifest/read-manifest.js';
import { formatProbes } from '../models-check/format-probe.js';
import type { ProbeResult } from '../models-check/probe-column.js';
import { probeColumn } from '../models-check/probe-column.js';
import { probeExit } from '../models-check/probe-exit.js';
import { resolveColumn } from '../models-check/resolve-column.js';

export type ModelsFlags = FlagValues<typeof MODELS_FLAGS>;

/** `--timeout`'s ceiling: the manifest's own for `timeout_ms` (10 minutes). */
export const MODELS_CHECK_MAX_TIMEOUT_MS = 600_000;

/** The `models` subcommands. */
const ACTIONS = ['check'] as const;

/**
 * `mcp-eval models check [manifest]`: one tiny request per column of the manifest's `models:`
 * (all at once; each column's own temperature and `timeout_ms`, or `--timeout`), then one line per
 * column: reachable and how fast, and whether the model took `temperature`. Prints column ids,
 * fixed labels and numbers only. Exit 0 every model column reachable, 1 some not, 4 none, 2 an
 * invalid manifest.
 */
export async function modelsCommand(io: Io, action: string, manifestArg: string | undefined, flags: ModelsFlags): Promise<number> {
  if (!(ACTIONS as readonly string[]).includes(action))
    throw new UsageError(`unknown subcommand \`models ${action}\`; expected one of: ${ACTIONS.join(', ')}`);
  const timeoutMs = flags.timeout;
  if (timeoutMs !== undefined && timeoutMs > MODELS_CHECK_MAX_TIMEOUT_MS)
    throw new UsageError(`--timeout must be at most ${MODELS_CHECK_MAX_TIMEOUT_MS}`);
  const manifest = await loadValidManifest(manifestArg ?? 'mcp-eval.yaml', io);
  const columns = manifest.models;
  if (columns === undefined) {
    io.stdout.write(
      `models check: no \`models:\` in ${manifest.file}; behavior cases run on the built-in lexical column (not a model, no request)\n`,
    );
    return EXIT.ok;
  }
  io.stdout.write(`models check: ${columns.length} ${columns.length === 1 ? 'column' : 'columns'} in ${manifest.file}\n`);
  const results = await Promise.all(
    columns.map((spec): Promise<ProbeResult> => {
      const column = resolveColumn(spec, io.env);
      if (column === undefined)
        return Promise.resolve({ id: spec.id, provider: spec.provider, status: 'model-unavailable', requests: 0, latencyMs: 0 });
      return probeColumn({ column, probe: { temperature: spec.temperature, timeoutMs: timeoutMs ?? spec.timeoutMs } }, io.env);
    }),
  );
  io.stdout.write(formatProbes(results));
  return probeExit(results);
}
