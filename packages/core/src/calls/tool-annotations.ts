import { isRecord } from '@mcp-eval/protocol';

/**
 * A tool's four behaviour hints with the MCP spec's defaults applied: a hint the server leaves out
 * (or sends as anything but a boolean) is the default, and the defaults assume the worst. A tool
 * with no annotations may write, may destroy, may not be safe to repeat, and reaches outside the
 * server (`openWorldHint` defaults to true). Every reader of annotations goes through this module.
 */
export interface EffectiveAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export const ANNOTATION_DEFAULTS: EffectiveAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** An own boolean field only: `annotations.constructor` must not find `Object` on the prototype. */
function hint(annotations: unknown, key: keyof EffectiveAnnotations): boolean {
  if (!isRecord(annotations) || !Object.hasOwn(annotations, key)) return ANNOTATION_DEFAULTS[key];
  const value = annotations[key];
  return typeof value === 'boolean' ? value : ANNOTATION_DEFAULTS[key];
}

/** The hints of a tool's `annotations` value (any JSON; junk reads as the defaults). */
export function annotationsWithDefaults(annotations: unknown): EffectiveAnnotations {
  return {
    readOnlyHint: hint(annotations, 'readOnlyHint'),
    destructiveHint: hint(annotations, 'destructiveHint'),
    idempotentHint: hint(annotations, 'idempotentHint'),
    openWorldHint: hint(annotations, 'openWorldHint'),
  };
}

/** The hints of a catalog entry, read from its `annotations`. */
export function effectiveAnnotations(tool: unknown): EffectiveAnnotations {
  return annotationsWithDefaults(isRecord(tool) && Object.hasOwn(tool, 'annotations') ? tool.annotations : undefined);
}

/** The server promises the tool only reads (`readOnlyHint: true`, literally). */
export function isReadOnly(tool: unknown): boolean {
  return effectiveAnnotations(tool).readOnlyHint;
}

/** The tool may reach outside the server: true unless the server says `openWorldHint: false`. */
export function isOpenWorld(tool: unknown): boolean {
  return effectiveAnnotations(tool).openWorldHint;
}

/**
 * A tool an automatic caller may call again and again (scan's timed cases, init's load, latency,
 * degradation and contention cases): read-only and closed-world, both said by the server. An
 * open-world read-only tool still costs its backend (a vendor's API, the user's quota) every call.
 */
export function isRepeatableRead(tool: unknown): boolean {
  const hints = effectiveAnnotations(tool);
  return hints.readOnlyHint && !hints.openWorldHint;
}
