import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { CatalogFingerprints, ToolFingerprint } from '../record.js';
import { ANNOTATION_FLAGS } from '../record.js';
import { safeToolName } from '../tool-name.js';
import { canonicalJson, fingerprintHash } from './fingerprint-hash.js';
import { summarizeSchema } from './schema-summary.js';
import type { ListWalk } from './walk-list.js';

/** One catalog entry as a fingerprint: its name, hashes and structure, never its text. */
export function fingerprintTool(entry: JsonObject): ToolFingerprint {
  const annotations: Record<string, boolean> = {};
  if (isRecord(entry.annotations))
    for (const flag of ANNOTATION_FLAGS) {
      const value = entry.annotations[flag];
      if (typeof value === 'boolean') annotations[flag] = value;
    }
  return {
    name: safeToolName(entry.name),
    ...(typeof entry.description === 'string' ? { description: fingerprintHash(entry.description) } : {}),
    input: summarizeSchema(entry.inputSchema),
    ...(entry.outputSchema === undefined ? {} : { output: summarizeSchema(entry.outputSchema) }),
    annotations,
    entry: fingerprintHash(canonicalJson(entry)),
  };
}

/**
 * A catalog walk as fingerprints, sorted by name. Entries set aside as too deep count against
 * `complete`: they are not hashed (hashing recurses).
 */
export function fingerprintCatalog(walk: ListWalk): CatalogFingerprints {
  const tools = walk.items.map(fingerprintTool).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { complete: walk.problem === undefined && walk.tooDeep.length === 0, tools };
}
