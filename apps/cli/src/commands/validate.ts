import { expandEnv, formatManifestError } from '@mcp-eval/core';

import { EXIT, ManifestInvalidError } from '../cli-error.js';
import type { FlagValues } from '../flags/flag.js';
import type { VALIDATE_FLAGS } from '../flags/validate-flags.js';
import type { Io } from '../io.js';
import { loadValidManifest } from '../manifest/read-manifest.js';

export type ValidateFlags = FlagValues<typeof VALIDATE_FLAGS>;

/**
 * `mcp-eval validate [manifest]`: everything `run` checks before it connects, without connecting.
 * An unset `${env:NAME}` is a warning by default (a secret is often set only in the job that
 * runs), an error with `--require-env`. Prints `ok: N cases`; exit 0, or 2 with located errors.
 */
export async function validateCommand(io: Io, manifestArg: string | undefined, flags: ValidateFlags): Promise<number> {
  const manifest = await loadValidManifest(manifestArg ?? 'mcp-eval.yaml', io);
  const expanded = expandEnv(manifest, io.env);
  if (!expanded.ok) {
    if (flags.requireEnv) throw new ManifestInvalidError(expanded.errors.map(formatManifestError).join('\n'));
    // Located like an error, marked as a warning, so editors still link it.
    for (const e of expanded.errors) io.stderr.write(`${formatManifestError({ ...e, message: `warning: ${e.message}` })}\n`);
  }
  const count = manifest.cases.length;
  io.stdout.write(`ok: ${count} ${count === 1 ? 'case' : 'cases'} in ${manifest.file}\n`);
  return EXIT.ok;
}
