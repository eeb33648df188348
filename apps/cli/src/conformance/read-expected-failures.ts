import { open } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { ExpectedFailure } from '@mcp-eval/core';
import { conformanceChecks, formatManifestError, MAX_EXPECTED_FAILURES_BYTES, parseExpectedFailures } from '@mcp-eval/core';

import { ManifestInvalidError } from '../cli-error.js';
import type { Io } from '../io.js';
import { writeDeprecatedFileNotice } from '../reviewed/deprecated-file-notice.js';

/**
 * `--expected-failures <file>`: read before anything connects, so a bad file costs no server time.
 * A file that cannot be read, is larger than `MAX_EXPECTED_FAILURES_BYTES`, or has any problem is
 * exit 2 with file:line:column. Messages never quote the file's text. The flag is deprecated (its
 * entries are reviewed conformance entries, narrowed by era and transport): noted once on stderr.
 */
export async function readExpectedFailures(path: string, io: Io): Promise<readonly ExpectedFailure[]> {
  let text: string;
  try {
    const handle = await open(resolve(io.cwd, path), 'r');
    try {
      // One byte past the bound tells "too large" without reading the rest.
      const buffer = Buffer.alloc(MAX_EXPECTED_FAILURES_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_EXPECTED_FAILURES_BYTES)
        throw new ManifestInvalidError(`${path}:1:1: the expected-failures file is larger than ${MAX_EXPECTED_FAILURES_BYTES} bytes`);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof ManifestInvalidError) throw error;
    throw new ManifestInvalidError(
      `${path}:1:1: cannot read the expected-failures file (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`,
    );
  }
  const parsed = parseExpectedFailures(
    text,
    path,
    conformanceChecks.map((check) => check.id),
  );
  if (!parsed.ok) throw new ManifestInvalidError(parsed.errors.map(formatManifestError).join('\n'));
  writeDeprecatedFileNotice(io, '--expected-failures', 'conformance');
  return parsed.entries;
}
