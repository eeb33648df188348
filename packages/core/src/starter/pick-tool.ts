import type { StarterTool } from './starter-case.js';

/** Which tools a starter case would rather use, most preferred first. */
export type Preference = (tool: StarterTool) => boolean;

function pickAmong(tools: readonly StarterTool[], preferences: readonly Preference[]): StarterTool | undefined {
  for (const prefer of preferences) {
    const found = tools.find(prefer);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The first tool, in catalog order, that the earliest preference accepts; a tool whose description
 * marks it deprecated only when no other tool fits any preference.
 */
export function pickTool(tools: readonly StarterTool[], preferences: readonly Preference[]): StarterTool | undefined {
  return (
    pickAmong(
      tools.filter((t) => !t.deprecated),
      preferences,
    ) ?? pickAmong(tools, preferences)
  );
}

export const readOnly: Preference = (t) => t.readOnly;
export const complete: Preference = (t) => t.complete;
export const takesArguments: Preference = (t) => t.arguments.length > 0;
export const all =
  (...preferences: Preference[]): Preference =>
  (t) =>
    preferences.every((p) => p(t));

/** A tool to call: read-only first (calling it changes nothing), fillable arguments next. */
export const CALLABLE: readonly Preference[] = [
  all(readOnly, complete, takesArguments),
  all(readOnly, complete),
  readOnly,
  complete,
  () => true,
];
