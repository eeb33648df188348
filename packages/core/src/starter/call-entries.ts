import type { StarterTool, YamlEntry } from './starter-case.js';
import { YamlMap } from './starter-case.js';

/** The tool's argument placeholders as a block. */
export function argumentsMap(tool: StarterTool): YamlMap {
  return new YamlMap(tool.arguments.map((a) => ({ key: a.name, value: a.value, ...(a.todo === undefined ? {} : { todo: a.todo }) })));
}

/** `read_only: true` only where the server itself annotates the tool so (the mutation gate). */
export function readOnlyEntries(tool: StarterTool): YamlEntry[] {
  return tool.readOnly ? [{ key: 'read_only', value: true }] : [];
}

/** `tool`, `arguments` and, where the server promises it, `read_only`. */
export function callEntries(tool: StarterTool): YamlEntry[] {
  return [{ key: 'tool', value: tool.name }, { key: 'arguments', value: argumentsMap(tool) }, ...readOnlyEntries(tool)];
}

/** A TODO above a case whose tool the server does not promise is read-only: the gate keeps it shut. */
export function unsafeNote(tool: StarterTool, repeated: boolean): string[] {
  if (tool.readOnly) return [];
  return [
    `TODO: \`${tool.name}\` is not annotated readOnlyHint: true, so this case is skipped (mutation-not-allowed) and sends nothing.`,
    `Add \`read_only: true\` only if it only reads${repeated ? ' and is safe to call repeatedly' : ''}, or declare a sandbox and run with --allow-mutation.`,
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
