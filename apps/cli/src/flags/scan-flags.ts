import { isSet } from '../parse-flags.js';
import { flag } from './flag.js';
import { REPORTER_FLAGS } from './reporter-flags.js';
import { REVIEWED_FLAG } from './reviewed-flag.js';
import { TARGET_FLAGS } from './target-flags.js';

export const SCAN_FLAGS = [
  ...TARGET_FLAGS,
  ...REPORTER_FLAGS,
  REVIEWED_FLAG,
  flag(
    '--strict',
    'Fail the scan on SHOULD-level conformance assertions too, as conformance --strict does (default: only MUSTs fail it)',
    isSet,
  ),
];
