import { mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

import { UsageError } from '../cli-error.js';
import { errorCode } from './error-code.js';
import type { ReporterTarget } from './reporter-targets.js';

/**
 * Proves every file reporter can write where it was told, before anything connects: a report that
 * cannot be written is found in a second, not after the whole run. Missing parent folders are
 * created. The probe writes zero bytes, which a file that refuses writes (`/proc/version` opens
 * for root, then fails with EIO) or a full device refuses, without truncating an existing file;
 * a file the probe had to create is removed again.
 */
export async function checkDestinations(targets: readonly ReporterTarget[]): Promise<void> {
  const seen = new Map<string, string>();
  for (const target of targets) {
    if (target.destination !== 'file') continue;
    const earlier = seen.get(target.path);
    if (earlier !== undefined)
      throw new UsageError(`reporters ${earlier} and ${target.name} would both write ${target.path}; give each its own path`);
    seen.set(target.path, target.name);
    const problem = await probe(target.path);
    if (problem !== undefined) throw new UsageError(`reporter ${target.name} cannot write ${target.path} (${problem}); nothing was run`);
  }
}

/** An error code (`EISDIR`, `ENOTDIR`, `EIO`, …) when `path` cannot be written, else undefined. */
async function probe(path: string): Promise<string | undefined> {
  try {
    await mkdir(dirname(path), { recursive: true });
    const existing = await stat(path).catch(() => undefined);
    if (existing?.isDirectory() === true) return 'EISDIR';
    const handle = await open(path, existing === undefined ? 'wx' : 'r+');
    try {
      // An empty string, not an empty Buffer: Node skips the write(2) call for a zero-length Buffer.
      await handle.write('');
    } finally {
      await handle.close();
      if (existing === undefined) await unlink(path);
    }
    return undefined;
  } catch (error) {
    return errorCode(error);
  }
}
