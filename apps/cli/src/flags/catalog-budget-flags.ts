import { given } from '../parse-flags.js';
import { flag } from './flag.js';

/** The catalog budget flags `catalogBudgetFromFlags` reads (and parses), for every command that walks a live catalog. */
export const CATALOG_BUDGET_FLAGS = [
  flag(
    '--max-catalog-bytes <bytes>',
    'Most bytes one list walk may receive before it stops with catalog-budget-exceeded (default 67108864, 64 MiB)',
    given,
  ),
  flag(
    '--max-catalog-tools <n>',
    'Most tools (or other items) one list walk may collect before it stops with catalog-budget-exceeded (default 50000)',
    given,
  ),
];
