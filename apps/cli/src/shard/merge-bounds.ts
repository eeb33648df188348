import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { json } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { MAX_REPORT_BYTES } from '../read-report-text.js';

/** The most bytes `merge` reads over all its shard reports (256 MiB); each one is also held to MAX_REPORT_BYTES. */
export const MAX_MERGE_INPUT_BYTES = 256 * 1024 * 1024;

/** The shards' total size, from their sizes before any is read: over the bound is exit 2. */
export async function requireMergeInputBound(files: readonly string[], io: Io): Promise<void> {
  let total = 0;
  for (const file of files) {
    try {
      total += (await stat(resolve(io.cwd, file))).size;
    } catch {
      continue; // readShardReport names the file it cannot read
    }
    if (total > MAX_MERGE_INPUT_BYTES)
      throw new UsageError(
        `merge reads at most ${MAX_MERGE_INPUT_BYTES} bytes (256 MiB) of shard reports in all; these are larger (each is also held to ${MAX_REPORT_BYTES} bytes)`,
      );
  }
}

/**
 * The merged run as its JSON report would be written must stay readable by `report`, `--baseline`
 * and `merge` itself: a merged report over MAX_REPORT_BYTES is refused (exit 2) before anything is written.
 */
export function requireReadableOutput(report: RunReport): void {
  const bytes = Buffer.byteLength(json.format(report), 'utf8');
  if (bytes > MAX_REPORT_BYTES)
    throw new UsageError(
      `the merged report would be ${bytes} bytes, over the ${MAX_REPORT_BYTES} bytes (64 MiB) report reads; merge fewer cases, or split the manifest`,
    );
}
