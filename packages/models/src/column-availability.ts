import type { ResolvedColumn } from '@mcp-eval/core';

import { PROVIDERS } from './provider-table.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Why a column has no model instance; the column is `model-unavailable` and nothing is sent. */
export type ProviderModelProblem = 'no-api-key' | 'no-base-url' | 'no-model';

export type ColumnAvailability =
  | { readonly kind: 'available'; readonly apiKey?: string; readonly baseURL?: string }
  | { readonly kind: 'unavailable'; readonly problem: ProviderModelProblem };

/**
 * Whether a column could send a request, from its provider's table entry: a model id, a key (the
 * column's `api_key`, else the provider's variable in `env`) unless the provider has no usual
 * variable, and a `base_url` where the provider requires one. `lexical` is always available.
 * The one availability rule: the port and the engine's preflight both ask it.
 */
export function columnAvailability(column: ResolvedColumn, env: Env): ColumnAvailability {
  if (column.provider === 'lexical') return { kind: 'available' };
  if (column.model === undefined || column.model === '') return { kind: 'unavailable', problem: 'no-model' };
  const entry = PROVIDERS[column.provider];
  const variable = entry.keyVariable;
  const apiKey = column.apiKey ?? (variable === undefined ? undefined : env[variable]);
  if (variable !== undefined && (apiKey === undefined || apiKey === '')) return { kind: 'unavailable', problem: 'no-api-key' };
  if (entry.baseUrl === 'required' && column.baseUrl === undefined) return { kind: 'unavailable', problem: 'no-base-url' };
  return {
    kind: 'available',
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(column.baseUrl === undefined ? {} : { baseURL: column.baseUrl }),
  };
}
