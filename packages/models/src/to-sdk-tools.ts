import { jsonSchema, tool } from 'ai';
import type { ToolSet } from 'ai';
import type { ModelTool } from '@mcp-eval/core';
import type { ToolAliases } from './tool-aliases.js';

/**
 * The catalog as AI SDK tools under their provider aliases: description and input schema only.
 * There is deliberately no `execute`: the SDK then returns the calls without running anything,
 * so a selection never reaches the server. `jsonSchema` without `validate` passes the model's
 * arguments through as made; the checks judge them.
 */
export function toSdkTools(tools: readonly ModelTool[], aliases: ToolAliases): ToolSet {
  return Object.fromEntries(
    tools.map((t) => [
      aliases.toProvider.get(t.name) ?? t.name,
      tool({
        ...(t.description === undefined ? {} : { description: t.description }),
        inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]),
      }),
    ]),
  );
}
