import { pushAll } from '@mcp-eval/protocol';
import type { AnnotationFlag, CatalogFingerprints, SchemaSummary, ToolFingerprint } from '../record.js';
import { ANNOTATION_FLAGS } from '../record.js';
import type { DriftClass, DriftLabel } from './drift-labels.js';

/** One change between two snapshots: fixed label, class, tool name and numbers only. */
export interface DriftChange {
  readonly label: DriftLabel;
  readonly class: DriftClass;
  readonly tool: string;
  /** `annotation-flipped` only: which flag. */
  readonly flag?: AnnotationFlag;
  readonly measurements: Readonly<Record<string, number>>;
}

/** What MCP says an unset annotation means (the 2025-11-25 and 2026-07-28 schemas). */
const ANNOTATION_DEFAULTS: Readonly<Record<AnnotationFlag, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** The value of each flag that is the safer one for an agent: a flip away from it is breaking. */
const SAFER: Readonly<Record<AnnotationFlag, boolean>> = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

function byPath(summary: SchemaSummary | undefined): Map<string, SchemaSummary['paths'][number]> {
  return new Map((summary?.paths ?? []).map((p) => [p.path, p]));
}

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function inputChanges(tool: string, before: SchemaSummary, after: SchemaSummary): DriftChange[] {
  const old = byPath(before);
  const now = byPath(after);
  let added = 0;
  let removed = 0;
  let retyped = 0;
  for (const [path, p] of now) {
    const was = old.get(path);
    if (p.required && !(was?.required ?? false)) added += 1;
    if (was !== undefined && !sameTypes(was.types, p.types)) retyped += 1;
  }
  for (const path of old.keys()) if (!now.has(path)) removed += 1;
  const changes: DriftChange[] = [];
  if (added > 0) changes.push({ label: 'required-parameter-added', class: 'breaking', tool, measurements: { parameters: added } });
  if (removed > 0) changes.push({ label: 'parameter-removed', class: 'breaking', tool, measurements: { parameters: removed } });
  if (retyped > 0) changes.push({ label: 'parameter-type-changed', class: 'breaking', tool, measurements: { parameters: retyped } });
  return changes;
}

function outputChange(tool: string, before: SchemaSummary | undefined, after: SchemaSummary | undefined): DriftChange | undefined {
  if (before?.hash === after?.hash) return undefined;
  const old = byPath(before);
  const now = byPath(after);
  let lost = 0;
  for (const [path, p] of old) {
    const kept = now.get(path);
    if (kept === undefined || !sameTypes(kept.types, p.types)) lost += 1;
  }
  const breaking = after === undefined || lost > 0;
  return { label: 'output-schema-changed', class: breaking ? 'breaking' : 'non-breaking', tool, measurements: { parameters: lost } };
}

function annotationChanges(before: ToolFingerprint, after: ToolFingerprint): DriftChange[] {
  const changes: DriftChange[] = [];
  for (const flag of ANNOTATION_FLAGS) {
    const was = before.annotations[flag] ?? ANNOTATION_DEFAULTS[flag];
    const now = after.annotations[flag] ?? ANNOTATION_DEFAULTS[flag];
    if (was === now) continue;
    // Away from the safer value is the rug pull: a tool approved as read-only that now writes.
    const cls: DriftClass = was === SAFER[flag] ? 'breaking' : 'non-breaking';
    changes.push({
      label: 'annotation-flipped',
      class: cls,
      tool: after.name,
      flag,
      measurements: { baseline: was ? 1 : 0, current: now ? 1 : 0 },
    });
  }
  return changes;
}

/**
 * Every change from `baseline` to `current`, tool by tool in name order. A tool missing from an
 * incomplete current snapshot is not reported removed.
 */
export function compareCatalogs(baseline: CatalogFingerprints, current: CatalogFingerprints): DriftChange[] {
  const old = new Map(baseline.tools.map((t) => [t.name, t]));
  const now = new Map(current.tools.map((t) => [t.name, t]));
  const changes: DriftChange[] = [];
  const names = [...new Set([...old.keys(), ...now.keys()])].sort();
  for (const name of names) {
    const before = old.get(name);
    const after = now.get(name);
    if (after === undefined) {
      // A walk that stopped early may not have reached the tool: missing is not removed.
      if (current.complete) changes.push({ label: 'tool-removed', class: 'breaking', tool: name, measurements: {} });
      continue;
    }
    if (before === undefined) {
      changes.push({ label: 'tool-added', class: 'non-breaking', tool: name, measurements: {} });
      continue;
    }
    if (before.entry === after.entry) continue;
    pushAll(changes, inputChanges(name, before.input, after.input));
    const output = outputChange(name, before.output, after.output);
    if (output) changes.push(output);
    pushAll(changes, annotationChanges(before, after));
    if (before.description !== after.description)
      changes.push({ label: 'description-changed', class: 'informational', tool: name, measurements: {} });
  }
  return changes;
}
