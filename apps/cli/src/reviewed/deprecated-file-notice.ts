import { REVIEWED_FILE } from '@mcp-eval/core';

import type { Io } from '../io.js';

/** The release that stops reading the suppression and expected-failures files (docs/reviewed.md). */
const DEPRECATED_FILES_REMOVED_IN = '1.0.0';

/**
 * One fixed line on stderr when a deprecated accepted-failures file was read: what replaces it and
 * when it goes. Nothing from the file (not its name, not an entry) is echoed.
 */
export function writeDeprecatedFileNotice(
  io: Io,
  file: 'the suppression file' | '--expected-failures',
  family: 'lint' | 'conformance',
): void {
  io.stderr.write(
    `warning: ${file} is deprecated and will be removed in mcp-eval ${DEPRECATED_FILES_REMOVED_IN}; ` +
      `move its entries to ${REVIEWED_FILE} as \`family: ${family}\` entries (see docs/reviewed.md)\n`,
  );
}
