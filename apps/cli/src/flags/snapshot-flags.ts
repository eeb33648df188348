import { CATALOG_BUDGET_FLAGS } from './catalog-budget-flags.js';
import { REPORTER_FLAGS } from './reporter-flags.js';
import { TARGET_FLAGS } from './target-flags.js';

export const SNAPSHOT_FLAGS = [...TARGET_FLAGS, ...REPORTER_FLAGS, ...CATALOG_BUDGET_FLAGS];
