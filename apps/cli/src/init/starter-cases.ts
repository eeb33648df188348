import type { JsonObject, StarterCase } from '@mcp-eval/core';
import { checks } from '@mcp-eval/core';

import type { ToolProfile } from './tool-profile.js';

/**
 * One starter case per check that has a starter builder, in registry (documentation) order, from
 * tool names and argument skeletons only. Where a person must decide (failing arguments, what a
 * tool promises, a mutating step), the case says so in a `# TODO`. A check whose builder finds no
 * fitting tool is listed in `omitted`, so init can say so.
 */
export function starterCases(catalog: readonly JsonObject[], tools: readonly ToolProfile[]): { cases: StarterCase[]; omitted: string[] } {
  const cases: StarterCase[] = [];
  const omitted: string[] = [];
  for (const check of checks) {
    if (check.starter === undefined) continue;
    const starter = check.starter({ catalog, tools });
    if (starter === undefined) omitted.push(check.id);
    else cases.push(starter);
  }
  return { cases, omitted };
}
