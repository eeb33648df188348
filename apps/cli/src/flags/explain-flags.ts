import { isSet, lastString, positiveInt } from '../parse-flags.js';
import { flag } from './flag.js';

export const EXPLAIN_FLAGS = [
  flag(
    '--report <file>',
    'Resolve the target against this saved JSON report (its case ids, check/tool rows, checks and labels); a row explain cannot re-run is shown as the report holds it',
    lastString,
  ),
  flag('--allow-mutation', "As for run: allow the case's mutating calls (only with a `sandbox` declared in the manifest)", isSet),
  flag('--timeout <ms>', 'Per-request time limit in milliseconds (overrides server.timeout_ms)', positiveInt),
  flag(
    '--show-server-text',
    "Also print the server's error messages and stderr tail, escaped, to a terminal only (never with CI set, never to a pipe or file)",
    isSet,
  ),
];
