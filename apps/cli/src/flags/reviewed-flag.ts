import { given } from '../parse-flags.js';
import { flag } from './flag.js';

/** `--reviewed <file>` for the commands without a manifest: `readReviewed` reads (and parses) it. */
export const REVIEWED_FLAG = flag(
  '--reviewed <file>',
  'Reviewed false positives of every family (default: mcp-eval.reviewed.yaml in the current directory when it exists)',
  given,
);
