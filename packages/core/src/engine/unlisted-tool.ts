import type { CheckContext, CheckDefinition } from '../check.js';
import { findTool } from '../catalog/list-tools.js';

/**
 * The first tool `check` would call with `params` that the catalog does not list, or `undefined`.
 * Only a catalog read to its end can say a tool is not listed: a walk that stopped early may hold
 * the tool on a page never read, and the check then decides (its mutation gate says so).
 */
export async function unlistedTool(check: CheckDefinition, params: unknown, ctx: CheckContext): Promise<string | undefined> {
  const tools = check.calledTools?.(params) ?? [];
  if (tools.length === 0 || ctx.catalog === undefined) return undefined;
  const walk = await ctx.catalog.tools(ctx);
  if (walk.problem !== undefined) return undefined;
  return tools.find((tool) => findTool(walk, tool) === undefined && !walk.tooDeep.some((entry) => entry.name === tool));
}
