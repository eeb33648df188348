import type { StarterTool, YamlEntry } from './starter-case.js';
import { YamlMap } from './starter-case.js';

/** The tool's argument placeholders as a block. */
export function argumentsMap(tool: StarterTool): YamlMap {
  return new YamlMap(tool.arguments.map((a) => ({ key: a.name, value: a.value, ...(a.todo === undefined ? {} : { todo: a.todo }) })));
}

/**
 * `read_only: true` only where the server itself annotates the tool so and says it stays inside
 * (`openWorldHint: false`): init never vouches for a tool that is open-world by default.
 */
export function readOnlyEntries(tool: StarterTool): YamlEntry[] {
  return tool.readOnly && !tool.openWorld ? [{ key: 'read_only', value: true }] : [];
}

/** `tool`, `arguments` and, where the server promises it, `read_only`. */
export function callEntries(tool: StarterTool): YamlEntry[] {
  return [{ key: 'tool', value: tool.name }, { key: 'arguments', value: argumentsMap(tool) }, ...readOnlyEntries(tool)];
}

/**
 * A TODO above a case whose tool the server does not promise is read-only: the gate keeps it shut.
 * A read-only tool that is open-world by default gets a note instead: the server's annotation lets
 * this case call it, and the call may reach outside the server.
 */
export function unsafeNote(tool: StarterTool, repeated: boolean): string[] {
  if (tool.readOnly && tool.openWorld) return [openWorldNote(tool)];
  if (tool.readOnly) return [];
  return [
    `TODO: \`${tool.name}\` is not annotated readOnlyHint: true, so this case is skipped (mutation-not-allowed) and sends nothing.`,
    `Add \`read_only: true\` only if it only reads${repeated ? ' and is safe to call repeatedly' : ''}, or declare a sandbox and run with --allow-mutation.`,
  ];
}

function openWorldNote(tool: StarterTool): string {
  return `\`${tool.name}\` is read-only but open-world (no openWorldHint: false), so init does not write read_only: true; its own annotation lets this case call it, and the call may reach outside the server.`;
}

/** Why a case that repeats its call does not use the tool it would otherwise have chosen. */
export function leftOutNote(leftOut: StarterTool | undefined): string[] {
  if (leftOut === undefined) return [];
  return [
    `\`${leftOut.name}\` was left out: it is open-world under the MCP spec's defaults (no openWorldHint: false), so init never calls it repeatedly.`,
  ];
}

/** `1 tool`, `2 tools`: a count with its noun (regular English plurals only). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `value` rounded up to a multiple of `step`: budgets that read as chosen, not measured. */
export function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}
