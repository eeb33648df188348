import { isRecord } from '@mcp-eval/protocol';

import type { ManifestError } from './manifest-error.js';
import type { CaseSpec } from './manifest-types.js';
import type { YamlLocator } from './yaml-locator.js';

/**
 * What the schema cannot say about the matrix: column ids are unique, and a case's `models:`
 * names only declared columns (or `lexical` when no `models:` is written: the default matrix).
 */
export function validateModels(data: unknown, cases: readonly CaseSpec[], file: string, locator: YamlLocator): ManifestError[] {
  const errors: ManifestError[] = [];
  const columns = isRecord(data) && Array.isArray(data.models) ? data.models : undefined;
  const seen = new Map<string, { line: number; column: number }>();
  columns?.forEach((column, index) => {
    if (!isRecord(column) || typeof column.id !== 'string') return;
    const at = locator.value(['models', index, 'id']);
    const first = seen.get(column.id);
    if (first !== undefined)
      errors.push({
        file,
        ...at,
        message: `duplicate model column id \`${column.id}\` (first used at ${file}:${first.line}:${first.column})`,
      });
    else seen.set(column.id, at);
  });
  const known = columns === undefined ? new Set(['lexical']) : new Set(seen.keys());
  const items = isRecord(data) && Array.isArray(data.cases) ? data.cases : [];
  for (const spec of cases) {
    if (spec.kind !== 'behavior' || !Array.isArray(spec.params.models)) continue;
    const index = items.findIndex((item) => isRecord(item) && item.id === spec.id);
    spec.params.models.forEach((id: unknown, position: number) => {
      if (typeof id !== 'string' || known.has(id)) return;
      const at = locator.value(['cases', index, 'models', position]);
      errors.push({
        file,
        ...at,
        message: `case \`${spec.id}\` names model column \`${id}\`, which \`models:\` does not declare (declared: ${[...known].join(', ')})`,
      });
    });
  }
  return errors;
}
