import type { ResolvedColumn } from '@mcp-eval/core';
import type { LanguageModel } from 'ai';

import type { ProviderModelProblem } from './column-availability.js';
import { columnAvailability } from './column-availability.js';
import { createOutboundFetch } from './outbound-fetch.js';
import { PROVIDERS } from './provider-table.js';

export type ProviderModelResult =
  { readonly kind: 'model'; readonly model: LanguageModel } | { readonly kind: 'unavailable'; readonly problem: ProviderModelProblem };

/**
 * A model instance for a provider column, by its provider's table entry. The key is resolved
 * once, by `columnAvailability`; an unavailable column gets no instance (never a hang, never a
 * request). Every provider sends through `createOutboundFetch` (no redirects, a capped body, the
 * column's timeout per request), never the global `fetch`.
 */
export function createProviderModel(
  column: ResolvedColumn,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ProviderModelResult {
  if (column.provider === 'lexical') throw new Error('the lexical column has no provider model');
  const availability = columnAvailability(column, env);
  if (availability.kind === 'unavailable') return availability;
  const fetch = createOutboundFetch({
    ...(column.maxResponseBytes === undefined ? {} : { maxResponseBytes: column.maxResponseBytes }),
    ...(column.timeoutMs === undefined ? {} : { timeoutMs: column.timeoutMs }),
  });
  const { kind: _available, ...settings } = availability;
  return { kind: 'model', model: PROVIDERS[column.provider].create({ ...settings, fetch }, column.model ?? '') };
}
