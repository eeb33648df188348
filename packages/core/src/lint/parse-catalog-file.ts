import { isRecord } from '@mcp-eval/protocol';

import { parseJsonUnique } from '../parse-json-unique.js';

export type CatalogFileResult =
  | { readonly ok: true; readonly tools: readonly unknown[] }
  | { readonly ok: false; readonly label: 'catalog-not-json' | 'catalog-not-tools' };

/**
 * Reads a `--catalog` file: a `tools/list` result (`{ "tools": [...] }`), a whole JSON-RPC
 * response around one (`{ "result": { "tools": [...] } }`), or a bare array of tools. Failures
 * are labels only: a parser message would quote the file, and the file is server text.
 */
export function parseCatalogFile(text: string): CatalogFileResult {
  // A duplicate key is not JSON this reads: which of two tool entries would be linted is a guess.
  const parsed = parseJsonUnique(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (!parsed.ok) return { ok: false, label: 'catalog-not-json' };
  const data = parsed.value;
  if (Array.isArray(data)) return { ok: true, tools: data };
  const result = isRecord(data) && isRecord(data.result) && !Object.hasOwn(data, 'tools') ? data.result : data;
  if (isRecord(result) && Object.hasOwn(result, 'tools') && Array.isArray(result.tools)) return { ok: true, tools: result.tools };
  return { ok: false, label: 'catalog-not-tools' };
}
