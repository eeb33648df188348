import Type from 'typebox';
import type { JsonObject } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../check.js';
import type { ListWalk } from '../catalog/walk-list.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';
import { findTool } from '../catalog/list-tools.js';
import type { Measurements } from '../record.js';
import { isReadOnly } from './tool-annotations.js';

/**
 * The one mutation gate every check that calls a tool passes first (docs/mutation-gate.md). Under the
 * MCP spec's defaults a tool with no annotations may be destructive (`readOnlyHint` false,
 * `destructiveHint` true), so a call is sent only when:
 *
 * 1. the case declares `read_only: true` (the user vouches for the tool), or
 * 2. the run may mutate (a declared `sandbox` and `--allow-mutation`), or
 * 3. the server annotates the tool `readOnlyHint: true` in `tools/list`.
 *
 * Otherwise the case is `skip` / `mutation-not-allowed` and nothing is sent to the tool.
 *
 * The gate judges writes, not reach: a read-only tool that is open-world (the spec's default when
 * `openWorldHint` is not `false`) opens it, so a case a person wrote may call it. The callers that
 * choose tools on their own and repeat calls (scan's timed cases, init's load, latency,
 * degradation and contention cases) pick only `isRepeatableRead` tools, so never such a tool.
 */

/** Why the gate let the call through; the first that holds wins (and the later ones are not looked up). */
export type GateOpenedBy = 'case-declared-read-only' | 'sandbox-allows-mutation' | 'server-annotated-read-only';

export type GateDecision =
  | { readonly open: true; readonly by: GateOpenedBy }
  | { readonly open: false; readonly label: MutationGateLabel; readonly tool: string; readonly measurements: Measurements };

export const MUTATION_GATE_LABELS = {
  'mutation-not-allowed':
    'Skipped before any call: the tool is not annotated `readOnlyHint: true` by the server (or is not listed), the case does not declare `read_only: true`, and the run has no declared `sandbox` with `--allow-mutation`. Nothing was sent to the tool; `listed` says whether `tools/list` listed it.',
  'catalog-unreadable':
    "`tools/list` could not be walked far enough to read the tool's annotations, so the mutation gate could not open and nothing was sent (run the pagination probe for the cause).",
} as const;

export type MutationGateLabel = keyof typeof MUTATION_GATE_LABELS;

/** The `read_only` parameter every tool-calling check accepts, with one wording everywhere. */
export const READ_ONLY_PARAM = Type.Optional(
  Type.Boolean({
    description:
      '`true` vouches that the tool only reads, so it may be called when the server does not annotate it `readOnlyHint: true`; `false` is the same as leaving it out. Without either, a call needs a declared `sandbox` and `--allow-mutation`.',
  }),
);

/** Only the server's literal `readOnlyHint: true` counts; any other value (or none) is no promise. */
export function annotatedReadOnly(tool: JsonObject | undefined): boolean {
  return isReadOnly(tool);
}

/** The decisions that need no catalog: the case's word, then the run's permission. */
function openedWithoutCatalog(ctx: Pick<CheckContext, 'allowMutation'>, readOnly: boolean | undefined): GateOpenedBy | undefined {
  if (readOnly === true) return 'case-declared-read-only';
  if (ctx.allowMutation) return 'sandbox-allows-mutation';
  return undefined;
}

/** The gate for tools looked up in a catalog walk the check already made (or the gate made). */
export function gateFromWalk(
  ctx: Pick<CheckContext, 'allowMutation'>,
  walk: ListWalk,
  tools: readonly string[],
  readOnly: boolean | undefined,
): GateDecision {
  const by = openedWithoutCatalog(ctx, readOnly);
  if (by !== undefined) return { open: true, by };
  for (const tool of tools) {
    const entry = findTool(walk, tool);
    // A tool missing from a walk that stopped early may sit on a page never read.
    if (entry === undefined && walk.problem !== undefined) {
      return { open: false, label: 'catalog-unreadable', tool, measurements: { pages: walk.pages } };
    }
    if (!annotatedReadOnly(entry)) {
      return { open: false, label: 'mutation-not-allowed', tool, measurements: { listed: entry === undefined ? 0 : 1 } };
    }
  }
  return { open: true, by: 'server-annotated-read-only' };
}

/**
 * The gate for `tools` (every tool the case would call). Walks `tools/list` on the run's shared
 * connection only when neither the case nor the run already decides.
 */
export async function passMutationGate(
  ctx: Pick<CheckContext, 'allowMutation' | 'connection' | 'timeoutMs' | 'signal' | 'catalogBudget' | 'catalog'>,
  tools: readonly string[],
  readOnly: boolean | undefined,
): Promise<GateDecision> {
  const by = openedWithoutCatalog(ctx, readOnly);
  if (by !== undefined) return { open: true, by };
  return gateFromWalk(ctx, await catalogTools(ctx), tools, readOnly);
}

/** A closed gate as a check's outcome: `skip` when the tool is not vouched for, `error` when it could not be read. */
export function closedGateOutcome(decision: GateDecision & { readonly open: false }): Outcome<MutationGateLabel> {
  const status = decision.label === 'mutation-not-allowed' ? 'skip' : 'error';
  return { status, label: decision.label, tool: decision.tool, measurements: decision.measurements };
}
