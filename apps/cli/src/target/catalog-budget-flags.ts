import type { CatalogBudget } from '@mcp-eval/core';
import { DEFAULT_CATALOG_BUDGET } from '@mcp-eval/core';

import { positiveInt } from '../parse-flags.js';

export interface CatalogBudgetFlags {
  readonly maxCatalogBytes?: unknown;
  readonly maxCatalogTools?: unknown;
}

/**
 * `--max-catalog-bytes` / `--max-catalog-tools` over `base` (the manifest's `server.max_catalog_*`
 * for `run`, else the defaults); `undefined` when neither flag nor base sets one, so the walk keeps
 * core's `DEFAULT_CATALOG_BUDGET`.
 */
export function catalogBudgetFromFlags(flags: CatalogBudgetFlags, base?: CatalogBudget): CatalogBudget | undefined {
  const maxBytes = positiveInt(flags.maxCatalogBytes, '--max-catalog-bytes');
  const maxItems = positiveInt(flags.maxCatalogTools, '--max-catalog-tools');
  if (maxBytes === undefined && maxItems === undefined) return base;
  const from = base ?? DEFAULT_CATALOG_BUDGET;
  return { maxBytes: maxBytes ?? from.maxBytes, maxItems: maxItems ?? from.maxItems };
}
