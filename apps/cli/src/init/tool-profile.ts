import type { JsonObject } from '@mcp-eval/core';
import { isRecord, isValidToolName } from '@mcp-eval/core';

import type { SkeletonArgument } from './argument-skeleton.js';
import { deprecatedByDescription } from './deprecated-description.js';
import { argumentSkeleton, PROPERTY_NAME } from './argument-skeleton.js';

/**
 * What init needs to know about one tool, read in memory from its catalog entry: only its validated
 * name, its annotations, and names and placeholders for its arguments. A description is read only
 * to tell whether it marks the tool deprecated, and never leaves memory.
 */
export interface ToolProfile {
  readonly name: string;
  /** The server annotates it `readOnlyHint: true`. */
  readonly readOnly: boolean;
  /** The server annotates it `openWorldHint: true`: it reaches outside (a URL, the web). */
  readonly openWorld: boolean;
  /** Its description says it is deprecated: chosen only when no other tool fits. */
  readonly deprecated: boolean;
  readonly arguments: readonly SkeletonArgument[];
  /** Every placeholder is likely accepted (no TODO). */
  readonly complete: boolean;
  /** A string property (required first) payload-bounds can inflate. */
  readonly stringField?: string;
  /** The tool declares an `outputSchema`. */
  readonly hasOutputSchema: boolean;
  /** Required top-level fields of its output schema (plain identifiers only). */
  readonly outputFields: readonly string[];
}

function stringField(inputSchema: unknown, required: readonly SkeletonArgument[]): string | undefined {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return undefined;
  const properties = inputSchema.properties;
  const isPlainString = (name: string): boolean => {
    const schema = properties[name];
    return PROPERTY_NAME.test(name) && isRecord(schema) && schema.type === 'string' && schema.enum === undefined && schema.format === undefined;
  };
  return required.map((a) => a.name).find((name) => Object.hasOwn(properties, name) && isPlainString(name)) ?? Object.keys(properties).find(isPlainString);
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
    profiles.push({
      name,
      readOnly: isRecord(tool.annotations) && tool.annotations.readOnlyHint === true,
      openWorld: isRecord(tool.annotations) && tool.annotations.openWorldHint === true,
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
