/**
 * The most one list walk may take in, whatever its page bound: what keeps a server answering every
 * page with ~15 MB and a fresh cursor from filling the evaluator's heap. Bytes are the bytes
 * received for the pages (the stdio lines or HTTP bodies), counted as each arrives.
 */
export interface CatalogBudget {
  readonly maxBytes: number;
  readonly maxItems: number;
}

/**
 * 64 MiB: four full responses at the transport's 16 MiB response cap, and some 600 times the
 * largest published catalogs we know (a few hundred tools, around 100 KB); the pages parsed stay
 * within a few hundred MB of heap.
 */
export const DEFAULT_CATALOG_MAX_BYTES = 64 * 1024 * 1024;

/** 50,000 items: a hundred times the largest real catalogs, and ten full pages per page bound of 5,000. */
export const DEFAULT_CATALOG_MAX_ITEMS = 50_000;

export const DEFAULT_CATALOG_BUDGET: CatalogBudget = { maxBytes: DEFAULT_CATALOG_MAX_BYTES, maxItems: DEFAULT_CATALOG_MAX_ITEMS };

/**
 * Deepest nesting (objects and arrays, counted over the whole entry) a listed item may have before
 * it is set aside as `tooDeep`. 128 levels leave room for some 60 levels of nested object schemas,
 * far beyond any real tool, while staying some 60 times below the ~8k levels where recursive
 * consumers (`JSON.stringify`, schema compilers) overflow the stack.
 */
export const MAX_ITEM_DEPTH = 128;
