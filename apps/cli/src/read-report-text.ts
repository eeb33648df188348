import { resolve } from 'node:path';

import { UsageError } from './cli-error.js';
import type { Io } from './io.js';
import { readBoundedFile } from './read-bounded-file.js';

/** Largest saved report any command reads (bytes): far above a few thousand cases' report, far below memory trouble. */
export const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/**
 * A saved report's text for `report`, `--baseline` and `merge`: refused (exit 2) from its size
 * before reading when over MAX_REPORT_BYTES, or when it grows while read. `subject` opens every
 * message (`run.json`, `--baseline run.json`) and `refusal` ends the size one; nothing quotes the file.
 */
export async function readReportText(io: Io, file: string, subject: string, refusal: string): Promise<string> {
  let bytes: Buffer | 'too-large' | 'changed';
  try {
    bytes = await readBoundedFile(resolve(io.cwd, file), MAX_REPORT_BYTES);
  } catch (error) {
    throw new UsageError(`${subject}: cannot read the report (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  if (bytes === 'too-large') throw new UsageError(`${subject} is larger than ${MAX_REPORT_BYTES} bytes; ${refusal}`);
  if (bytes === 'changed') throw new UsageError(`${subject} grew while it was read; read it once it is complete`);
  return bytes.toString('utf8');
}
