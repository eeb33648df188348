import type { ModelColumnSpec, ResolvedColumn } from '@mcp-eval/core';
import { expandColumnValue } from '@mcp-eval/core';

/**
 * A manifest column as the adapters take it, `${env:…}` expanded by core's `expandColumnValue`
 * (the manifest's own expander, so `$${` is a literal `${` here as everywhere). An `api_key` whose
 * variable is unset means "no key" (docs/models.md): it resolves to '' so the provider's usual
 * variable is not consulted and the column is `model-unavailable`; `openai-compatible` then goes
 * without a key, as it may. A `base_url` with an unset variable leaves the column unavailable too
 * (`undefined`).
 */
export function resolveColumn(spec: ModelColumnSpec, env: Readonly<Record<string, string | undefined>>): ResolvedColumn | undefined {
  const base = {
    id: spec.id,
    provider: spec.provider,
    ...(spec.model === undefined ? {} : { model: spec.model }),
    ...(spec.maxResponseBytes === undefined ? {} : { maxResponseBytes: spec.maxResponseBytes }),
    timeoutMs: spec.timeoutMs,
  };
  if (spec.provider === 'lexical') return base;
  const baseUrl = spec.baseUrl === undefined ? undefined : expandColumnValue(spec.baseUrl, env);
  if (spec.baseUrl !== undefined && baseUrl === undefined) return undefined;
  const apiKey =
    spec.apiKey === undefined
      ? undefined
      : (expandColumnValue(spec.apiKey, env) ?? (spec.provider === 'openai-compatible' ? undefined : ''));
  return { ...base, ...(baseUrl === undefined ? {} : { baseUrl }), ...(apiKey === undefined ? {} : { apiKey }) };
}
