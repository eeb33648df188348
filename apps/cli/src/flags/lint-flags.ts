import { lastString, numberInRange, stringList } from '../parse-flags.js';
import { CATALOG_BUDGET_FLAGS } from './catalog-budget-flags.js';
import { flag } from './flag.js';
import { REPORTER_FLAGS } from './reporter-flags.js';
import { REVIEWED_FLAG } from './reviewed-flag.js';
import { TARGET_FLAGS } from './target-flags.js';

export const LINT_FLAGS = [
  ...TARGET_FLAGS,
  ...REPORTER_FLAGS,
  ...CATALOG_BUDGET_FLAGS,
  flag('--catalog <file>', 'Lint a saved tools/list result (or an array of tools) instead of a live server', lastString),
  flag(
    '--suppressions <file>',
    'Deprecated, removed in 1.0.0 (use --reviewed): lint false positives (default: mcp-eval.suppressions.yaml when it exists)',
    lastString,
  ),
  REVIEWED_FLAG,
  flag('--threshold <score>', 'Lowest overall score, 0-100, that passes the gate (default 70)', (value, name) =>
    numberInRange(value, name, 0, 100),
  ),
  flag('--layer <layer>', 'Run only this layer: protocol, quality or security; repeatable', stringList, { repeatable: true }),
];
