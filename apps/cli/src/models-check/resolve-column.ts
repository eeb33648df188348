import type { ModelColumnSpec } from '@mcp-eval/core';
import type { ModelColumn } from '@mcp-eval/models';

const REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** A manifest string with its `${env:NAME}` references expanded; `unset` when one has no value. */
function expand(value: string, env: Readonly<Record<string, string | undefined>>): string | 'unset' {
  let unset = false as boolean; // set from inside the replacer, which narrowing does not see
  const expanded = value.replace(REFERENCE, (_match, name: string) => {
    const found = env[name];
    if (found === undefined || found === '') unset = true;
    return found ?? '';
  });
  return unset ? 'unset' : expanded.replaceAll('$${', '${');
}

/**
 * A manifest column as the adapters take it. An `api_key` whose variable is unset means "no
 * key" (docs/models.md): it resolves to '' so the provider's usual variable is not consulted and the
 * column is `model-unavailable`; `openai-compatible` then goes without a key, as it may. A
 * `base_url` with an unset variable leaves the column unavailable too (`undefined`).
 */
export function resolveColumn(spec: ModelColumnSpec, env: Readonly<Record<string, string | undefined>>): ModelColumn | undefined {
  const base = {
    id: spec.id,
    provider: spec.provider,
    ...(spec.model === undefined ? {} : { model: spec.model }),
    ...(spec.maxResponseBytes === undefined ? {} : { maxResponseBytes: spec.maxResponseBytes }),
    timeoutMs: spec.timeoutMs,
  };
  if (spec.provider === 'lexical') return base;
  const baseUrl = spec.baseUrl === undefined ? undefined : expand(spec.baseUrl, env);
  if (baseUrl === 'unset') return undefined;
  const apiKey = spec.apiKey === undefined ? undefined : expand(spec.apiKey, env);
  const key = apiKey === 'unset' ? (spec.provider === 'openai-compatible' ? undefined : '') : apiKey;
  return { ...base, ...(baseUrl === undefined ? {} : { baseUrl }), ...(key === undefined ? {} : { apiKey: key }) };
}
