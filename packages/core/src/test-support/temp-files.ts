import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { readCallLog } from '@mcp-eval/fixture-servers';

export interface TempFiles {
  /** A fresh path in the directory (nothing is created). */
  path(name: string): string;
  /** The tools a fixture logged to `FIXTURE_CALL_LOG=path(name)`, in order. */
  calls(name: string): string[];
  remove(): void;
}

/** A private temp directory for call logs and lock files; `remove` it in `afterAll`. */
export function tempFiles(): TempFiles {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-core-test-'));
  return {
    path: (name) => join(dir, name),
    calls: (name) => readCallLog(join(dir, name)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
