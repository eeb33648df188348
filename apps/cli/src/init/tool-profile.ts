import type { JsonObject, StarterTool } from '@mcp-eval/core';
import { effectiveAnnotations, isRecord, isValidToolName } from '@mcp-eval/core';

import type { SkeletonArgument } from './argument-skeleton.js';
import { deprecatedByDescription } from './deprecated-description.js';
import { argumentSkeleton, PROPERTY_NAME } from './argument-skeleton.js';

/** What init knows about one tool: core's `StarterTool`, which every check's starter builder reads. */
export type ToolProfile = StarterTool;

function stringField(inputSchema: unknown, required: readonly SkeletonArgument[]): string | undefined {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return undefined;
  const properties = inputSchema.properties;
  const isPlainString = (name: string): boolean => {
    const schema = properties[name];
    return (
      PROPERTY_NAME.test(name) && isRecord(schema) && schema.type === 'string' && schema.enum === undefined && schema.format === undefined
    );
  };
  return (
    required.map((a) => a.name).find((name) => Object.hasOwn(properties, name) && isPlainString(name)) ??
    Object.keys(properties).find(isPlainString)
  );
}

function outputFields(outputSchema: unknown): string[] {
  if (!isRecord(outputSchema) || !Array.isArray(outputSchema.required)) return [];
  return outputSchema.required.filter((name): name is string => typeof name === 'string' && PROPERTY_NAME.test(name)).slice(0, 10);
}

/** Profiles of the tools init may name: valid MCP names with a writable skeleton, in catalog order. */
export function toolProfiles(tools: readonly JsonObject[]): ToolProfile[] {
  const profiles: ToolProfile[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    const { name } = tool;
    if (!isValidToolName(name) || seen.has(name)) continue;
    seen.add(name);
    const skeleton = argumentSkeleton(tool.inputSchema);
    if (!skeleton.ok) continue;
    const field = stringField(tool.inputSchema, skeleton.arguments);
    const hints = effectiveAnnotations(tool);
    profiles.push({
      name,
      readOnly: hints.readOnlyHint,
      openWorld: hints.openWorldHint,
      deprecated: deprecatedByDescription(tool.description),
      arguments: skeleton.arguments,
      complete: skeleton.complete,
      ...(field === undefined ? {} : { stringField: field }),
      hasOutputSchema: isRecord(tool.outputSchema),
      outputFields: outputFields(tool.outputSchema),
    });
  }
  return profiles;
}
