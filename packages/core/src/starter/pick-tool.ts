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

/**
 * Read-only and closed-world, both said by the server: the only tools init vouches for with
 * `read_only: true` or calls repeatedly. A read-only tool that is open-world by default still
 * reaches its backend (and the user's quota) on every call.
 */
export const readOnly: Preference = (t) => t.readOnly && !t.openWorld;
export const complete: Preference = (t) => t.complete;
export const takesArguments: Preference = (t) => t.arguments.length > 0;
export const all =
  (...preferences: Preference[]): Preference =>
  (t) =>
    preferences.every((p) => p(t));

/** What a case that calls its tool many times picked, and the tool it would have picked but left out. */
export interface RepeatedPick {
  readonly tool: StarterTool | undefined;
  /** The open-world tool the same preferences would have chosen: the case's comment names it. */
  readonly leftOut: StarterTool | undefined;
}

/**
 * `pickTool` for a case that repeats its call (load, timing, degradation, contention): never an
 * open-world tool (the spec's default without `openWorldHint: false`), whatever it is annotated.
 */
export function pickRepeated(tools: readonly StarterTool[], preferences: readonly Preference[]): RepeatedPick {
  const tool = pickTool(
    tools.filter((t) => !t.openWorld),
    preferences,
  );
  const unfiltered = pickTool(tools, preferences);
  return { tool, leftOut: unfiltered !== undefined && unfiltered.openWorld && unfiltered !== tool ? unfiltered : undefined };
}

/** A tool to call: read-only first (calling it changes nothing), fillable arguments next. */
export const CALLABLE: readonly Preference[] = [
  all(readOnly, complete, takesArguments),
  all(readOnly, complete),
  readOnly,
  complete,
  () => true,
];
