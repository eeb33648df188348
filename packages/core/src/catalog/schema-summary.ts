import { isRecord } from '@mcp-eval/protocol';

import type { SchemaSummary, SchemaType } from '../record.js';
import { MAX_SUMMARY_PATHS, SCHEMA_TYPES } from '../record.js';
import { canonicalJson, fingerprintHash } from './fingerprint-hash.js';

/** The deepest property path (nested `properties` / `items` levels) a summary follows. */
export const MAX_SUMMARY_DEPTH = 16;

function typesOf(schema: Record<string, unknown>): SchemaType[] {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (declared.length === 0) return ['any'];
  const known = new Set<SchemaType>();
  for (const type of declared) known.add(SCHEMA_TYPES.find((t) => t === type && t !== 'any' && t !== 'other') ?? 'other');
  return [...known].sort();
}

/**
 * A schema's structure without its text: each property path (JSON Pointer segments, `[]` for array
 * items) hashed, with its types and whether its parent lists it as required; sorted by hash so
 * equal schemas summarize equal whatever their key order.
 */
export function summarizeSchema(schema: unknown): SchemaSummary {
  const paths: { path: string; types: SchemaType[]; required: boolean }[] = [];
  let truncated = false;
  const queue: { node: Record<string, unknown>; path: string; depth: number }[] = [];
  if (isRecord(schema)) queue.push({ node: schema, path: '', depth: 0 });
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const { node, path, depth } = item;
    const required = new Set(Array.isArray(node.required) ? node.required.filter((r) => typeof r === 'string') : []);
    const children: [string, unknown, boolean][] = [];
    if (isRecord(node.properties))
      for (const [key, child] of Object.entries(node.properties)) children.push([key, child, required.has(key)]);
    if (isRecord(node.items)) children.push(['[]', node.items, false]);
    for (const [key, child, isRequired] of children) {
      if (!isRecord(child)) continue;
      if (depth >= MAX_SUMMARY_DEPTH || paths.length >= MAX_SUMMARY_PATHS) {
        truncated = true;
        continue;
      }
      const childPath = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      paths.push({ path: fingerprintHash(childPath), types: typesOf(child), required: isRequired });
      queue.push({ node: child, path: childPath, depth: depth + 1 });
    }
  }
  paths.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { hash: fingerprintHash(canonicalJson(schema ?? null)), paths, truncated };
}
