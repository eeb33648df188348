import { isRecord } from '@mcp-eval/protocol';

import type { ManifestError } from './manifest-error.js';
import type { YamlLocator } from './yaml-locator.js';

const ROLES = ['judge', 'generator'] as const;

/**
 * What the schema cannot say about `judge:` and `generator:`: each names a declared `models:`
 * column, and not a `lexical` one (it cannot answer a forced call).
 */
export function validateRoles(data: unknown, file: string, locator: YamlLocator): ManifestError[] {
  if (!isRecord(data)) return [];
  const columns = Array.isArray(data.models) ? data.models.filter(isRecord) : [];
  const errors: ManifestError[] = [];
  for (const role of ROLES) {
    const spec = data[role];
    if (!isRecord(spec) || typeof spec.model !== 'string') continue;
    const at = locator.value([role, 'model']);
    const column = columns.find((c) => c.id === spec.model);
    if (column === undefined) {
      const declared = columns.flatMap((c) => (typeof c.id === 'string' ? [c.id] : []));
      errors.push({
        file,
        ...at,
        message: `\`${role}.model\` names column \`${spec.model}\`, which \`models:\` does not declare (declared: ${declared.join(', ') || 'none'})`,
      });
    } else if (column.provider === 'lexical') {
      errors.push({
        file,
        ...at,
        message: `\`${role}.model\` names the lexical column \`${spec.model}\`, which cannot ${role === 'judge' ? 'judge' : 'generate requests'}: name a model column`,
      });
    }
  }
  return errors;
}
