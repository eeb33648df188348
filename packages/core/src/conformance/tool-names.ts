import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { evaluatedNothing, nothingLabels } from '../evaluated-nothing.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';

/** Tools › Tool names (both revisions): 1 to 128 characters from A-Z, a-z, 0-9, `_`, `-` and `.`. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

const LABELS = {
  'tool-names-valid': 'Every listed tool name is 1 to 128 characters of A-Z, a-z, 0-9, underscore, hyphen and dot, and no name repeats.',
  'tool-name-invalid':
    'Some listed tool names break the naming rule (invalidNames counts them: too long, empty, or a character outside A-Z a-z 0-9 _ - .).',
  'tool-name-duplicate': 'Some tool names are listed more than once (duplicateNames counts them); names should be unique within a server.',
  ...nothingLabels('list-unreadable', 'nothing-listed'),
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type ToolNamesLabel = keyof typeof LABELS;

/**
 * Both revisions, Tools › Tool names: names SHOULD be 1–128 characters from the allowed set and
 * SHOULD be unique within a server. A SHOULD: without `--strict` a failure passes as `should-unmet`.
 * The names are counted, never recorded (an invalid name is exactly what `safeToolName` refuses).
 */
export const toolNames = defineCheck<ConformanceParams, ToolNamesLabel>({
  id: 'tool-names',
  kind: 'conformance',
  requirements: ['L43', 'M65'],
  level: 'should',
  title: 'Tool names follow the naming rule',
  summary: 'Every listed tool name is 1 to 128 characters of A-Z, a-z, 0-9, _, - and ., unique within the server (a SHOULD).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ToolNamesLabel>> {
    const skip = unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const walk = await catalogTools(ctx);
    if (walk.problem !== undefined) return evaluatedNothing('list-unreadable', { pages: walk.pages });
    const names = walk.items.map((tool) => tool.name);
    if (names.length === 0) return evaluatedNothing('nothing-listed', { tools: 0 });
    const invalidNames = names.filter((name) => typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)).length;
    const duplicateNames = names.length - new Set(names).size;
    const measurements = { tools: names.length, invalidNames, duplicateNames };
    if (invalidNames > 0) return { status: 'fail', label: 'tool-name-invalid', measurements };
    if (duplicateNames > 0) return { status: 'fail', label: 'tool-name-duplicate', measurements };
    return { status: 'pass', label: 'tool-names-valid', measurements };
  },
});
