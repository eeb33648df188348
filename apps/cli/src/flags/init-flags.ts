import { isSet, lastString } from '../parse-flags.js';
import { CATALOG_BUDGET_FLAGS } from './catalog-budget-flags.js';
import { flag } from './flag.js';
import { TARGET_FLAGS } from './target-flags.js';

export const INIT_FLAGS = [
  ...TARGET_FLAGS,
  ...CATALOG_BUDGET_FLAGS,
  flag('--out <file>', 'Where to write the manifest (default: mcp-eval.yaml)', lastString),
  flag('--force', 'Overwrite the file if it exists', isSet),
];
