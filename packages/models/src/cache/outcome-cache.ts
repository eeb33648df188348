import { lstatSync, mkdirSync, openSync, readSync, closeSync, renameSync, writeFileSync, constants } from 'node:fs';
import { join } from 'node:path';
import type { TrialOutcome } from '@mcp-eval/core';
import { isTrialOutcome } from '@mcp-eval/core';

/**
 * Largest cache entry read or written. A real one (`{status, label, measurements}`) is some 300
 * bytes; anything larger was not written by us and is ignored unread.
 */
export const OUTCOME_CACHE_MAX_ENTRY_BYTES = 4096;

/** The folder under `--cache-dir` (default `.mcp-eval/cache/`) holding model outcomes. */
export const OUTCOME_CACHE_SUBDIR = 'model';

const KEY = /^[0-9a-f]{64}$/;

export interface OutcomeCache {
  /** The stored outcome, or undefined on a miss, or when the entry is corrupt, oversized, a link or not ours. */
  read(key: string): TrialOutcome | undefined;
  /** Stores an outcome (only its status, label and numbers); false when it could not be written. */
  write(key: string, outcome: TrialOutcome): boolean;
}

function readBounded(path: string): string | undefined {
  // lstat: a symlink (to /etc/passwd, to a FIFO) is never followed; only a plain small file is read.
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isFile() || stat.size > OUTCOME_CACHE_MAX_ENTRY_BYTES) return undefined;
  // O_NOFOLLOW is undefined where the platform lacks it (Windows), whatever its declared type says.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const buffer = Buffer.alloc(OUTCOME_CACHE_MAX_ENTRY_BYTES + 1);
    const bytes = readSync(fd, buffer, 0, buffer.length, 0);
    return bytes > OUTCOME_CACHE_MAX_ENTRY_BYTES ? undefined : buffer.subarray(0, bytes).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The outcome cache on disk: one `<key>.json` per trial and check under
 * `<cacheDir>/model/`. Outcomes, never transcripts (docs/model-layer.md): what is written is rebuilt from
 * the outcome's status, label and numbers, so no text can ride along; what is read must pass
 * `isTrialOutcome` (closed labels, finite numbers) or it is ignored, never trusted or printed.
 */
export function createOutcomeCache(cacheDir: string): OutcomeCache {
  const dir = join(cacheDir, OUTCOME_CACHE_SUBDIR);
  return {
    read(key) {
      if (!KEY.test(key)) return undefined;
      try {
        const text = readBounded(join(dir, `${key}.json`));
        if (text === undefined) return undefined;
        const parsed: unknown = JSON.parse(text);
        return isTrialOutcome(parsed) ? parsed : undefined;
      } catch {
        return undefined; // unreadable or not JSON: a miss
      }
    },
    write(key, outcome) {
      if (!KEY.test(key) || !isTrialOutcome(outcome)) return false;
      const text = JSON.stringify({ status: outcome.status, label: outcome.label, measurements: { ...outcome.measurements } });
      if (Buffer.byteLength(text) > OUTCOME_CACHE_MAX_ENTRY_BYTES) return false;
      try {
        mkdirSync(dir, { recursive: true });
        // Write then rename: a reader never sees half an entry, and a concurrent run's entry is replaced whole.
        const temporary = join(dir, `.${key}.${process.pid}.tmp`);
        writeFileSync(temporary, text, { flag: 'w', mode: 0o644 });
        renameSync(temporary, join(dir, `${key}.json`));
        return true;
      } catch {
        return false;
      }
    },
  };
}
