import { isRecord, pushAll } from '@mcp-eval/protocol';

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
  if (!isRecord(data.judge)) pushAll(errors, judgedWithoutJudge(data, file, locator));
  return errors;
}

/** Where a case needs the judge: its `behavior: task-completion`, or each argument matched `semantic`. */
function judgedWithoutJudge(data: Record<string, unknown>, file: string, locator: YamlLocator): ManifestError[] {
  const errors: ManifestError[] = [];
  const cases = Array.isArray(data.cases) ? data.cases : [];
  cases.forEach((item: unknown, index: number) => {
    if (!isRecord(item)) return;
    if (item.behavior === 'task-completion') {
      errors.push({ file, ...locator.value(['cases', index, 'behavior']), message: 'a task-completion case needs a `judge:` column' });
    }
    const expect = isRecord(item.expect) ? item.expect : {};
    const argumentSets: [(string | number)[], unknown][] = [[['cases', index, 'expect', 'arguments'], expect.arguments]];
    if (Array.isArray(expect.steps)) {
      expect.steps.forEach((step: unknown, n: number) => {
        if (isRecord(step)) argumentSets.push([['cases', index, 'expect', 'steps', n, 'arguments'], step.arguments]);
      });
    }
    for (const [path, args] of argumentSets) {
      if (!isRecord(args)) continue;
      for (const [name, match] of Object.entries(args)) {
        if (isRecord(match) && match.match === 'semantic') {
          errors.push({ file, ...locator.value([...path, name, 'match']), message: 'a `semantic` argument match needs a `judge:` column' });
        }
      }
    }
  });
  return errors;
}
