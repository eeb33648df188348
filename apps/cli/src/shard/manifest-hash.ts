import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { Io } from '../io.js';

/** Hex digits of the SHA-256 kept, as for the target identity: enough to tell manifests apart. */
export const MANIFEST_HASH_HEX_DIGITS = 16;

/**
 * What a shard is a part of: a hash of the manifest file's bytes (before `${env:…}` expansion, so
 * runners with different secrets agree). `merge` refuses shards whose hashes differ.
 */
export async function manifestHash(path: string, io: Io): Promise<string> {
  const bytes = await readFile(resolve(io.cwd, path));
  return `sha256:${createHash('sha256').update(bytes).digest('hex').slice(0, MANIFEST_HASH_HEX_DIGITS)}`;
}
