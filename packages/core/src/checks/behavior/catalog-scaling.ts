import Type, { type Static } from 'typebox';
import type { JsonObject } from '@mcp-eval/protocol';

import { SELECTED_UNIT } from '../../behavior/cached-outcome-fits.js';
import { CATALOG_SCALING_LABELS } from '../../behavior/catalog-check-labels.js';
import { generateRequest, selectFor } from '../../behavior/catalog-units.js';
import { canonicalJson } from '../../behavior/outcome-cache-key.js';
import { SCALING_FACTORS, scaledCatalog } from '../../behavior/synthetic-distractors.js';
import type { TrialOutcome } from '../../behavior/trial-outcome.js';
import { entryTokens } from '../token-cost.js';
import type { CatalogUnitContext, CatalogUnitResult, CatalogUnits, CatalogVerdict } from './catalog/catalog-check-facts.js';
import { sha256, trialsOf } from './catalog/unit-helpers.js';
import { judgedUnits, round4, sumOf } from './catalog/unit-tally.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

/** `min_accuracy_ratio` when the case gives none. */
export const DEFAULT_MIN_ACCURACY_RATIO = 0.9;

export const catalogScalingParams = Type.Object(
  {
    min_accuracy_ratio: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: `\`degrades\` when accuracy at 4× is below this share of accuracy at 1×; default ${String(DEFAULT_MIN_ACCURACY_RATIO)}.`,
      }),
    ),
    models: MODELS_PARAM,
  },
  { additionalProperties: false },
);

export type CatalogScalingParams = Static<typeof catalogScalingParams>;

/**
 * Each request (a golden tool-selection case on this column, else one generated per tool) asked
 * at 1×, 2× and 4× the catalog; one unit per request and trial holds all three answers, so a
 * generated request is written once and reused at every size.
 */
function units(ctx: CatalogUnitContext): CatalogUnits {
  const catalogs = SCALING_FACTORS.map((factor) => ({ factor, tools: scaledCatalog(ctx.tools, factor, ctx.spec.id) }));
  const extra: Record<string, number> = {};
  for (const { factor, tools } of catalogs) {
    extra[`toolsAt${String(factor)}x`] = tools.length;
    extra[`catalogTokensAt${String(factor)}x`] = tools.reduce((n, t) => n + entryTokens(t as unknown as JsonObject), 0);
  }
  const surface = sha256(canonicalJson(catalogs.map((c) => c.tools)));
  const atEverySize = async (request: string, tool: string, accepted: readonly string[]): Promise<TrialOutcome> => {
    const measurements: Record<string, number> = { requests: 0, inputTokens: 0, outputTokens: 0 };
    let status: TrialOutcome['status'] = 'pass';
    for (const { factor, tools } of catalogs) {
      const outcome = await selectFor(ctx.column, tools, request, tool, accepted);
      if (outcome.status === 'error' || outcome.status === 'skip') return outcome;
      const at = `${String(factor)}x`;
      measurements[`correctAt${at}`] = outcome.status === 'pass' ? 1 : 0;
      measurements[`inputTokensAt${at}`] = outcome.measurements.inputTokens ?? 0;
      for (const k of ['requests', 'inputTokens', 'outputTokens'])
        measurements[k] = (measurements[k] ?? 0) + (outcome.measurements[k] ?? 0);
      // A request passes only when it reaches its tool at every size (the record's pass rate says how many held).
      if (outcome.status === 'fail') status = 'fail';
    }
    return { status, label: status === 'pass' ? 'correct' : 'incorrect', measurements };
  };
  const golden = ctx.golden.filter((g) => g.columns === undefined || g.columns.includes(ctx.columnId));
  if (golden.length > 0) {
    return {
      kind: 'units',
      extra,
      units: golden.flatMap((g) =>
        trialsOf(ctx.trials).map((trial) => ({
          subject: g.id,
          trial,
          surface: sha256(canonicalJson([surface, g.task, g.tool, g.acceptPrerequisite])),
          run: () => atEverySize(g.task, g.tool, g.acceptPrerequisite),
        })),
      ),
    };
  }
  const generator = ctx.generator;
  if (generator === undefined) return { kind: 'missing', label: 'no-requests', status: 'skip' };
  return {
    kind: 'units',
    extra,
    units: ctx.tools.flatMap((tool) =>
      trialsOf(ctx.trials).map((trial) => ({
        subject: tool.name,
        trial,
        surface,
        run: async () => {
          const request = await generateRequest(generator, 'select', tool, ctx.signal);
          return request.kind === 'failed' ? request.outcome : atEverySize(request.text, tool.name, []);
        },
      })),
    ),
  };
}

function verdict(
  params: Readonly<Record<string, unknown>>,
  results: readonly CatalogUnitResult[],
  extra: Readonly<Record<string, number>>,
): CatalogVerdict {
  const { judged } = judgedUnits(results);
  const ratio = (params as CatalogScalingParams).min_accuracy_ratio ?? DEFAULT_MIN_ACCURACY_RATIO;
  const accuracy = (at: string): number => (judged.length === 0 ? 0 : round4(sumOf(judged, `correctAt${at}`) / judged.length));
  const measurements: Record<string, number> = { ...extra, minAccuracyRatio: ratio };
  for (const at of ['1x', '2x', '4x']) {
    measurements[`accuracyAt${at}`] = accuracy(at);
    measurements[`inputTokensAt${at}`] = sumOf(judged, `inputTokensAt${at}`);
  }
  const degrades = (measurements.accuracyAt4x ?? 0) < ratio * (measurements.accuracyAt1x ?? 0);
  return { status: degrades ? 'fail' : 'pass', label: degrades ? 'degrades' : 'holds', measurements };
}

export const catalogScaling = defineBehaviorCheck({
  id: 'catalog-scaling',
  kind: 'behavior',
  title: 'Catalog scaling',
  summary:
    'Selection accuracy on the golden set (or on generated requests) with the real catalog, then with deterministic synthetic near-duplicates at 2× and 4× its size, and the token cost at each size.',
  params: catalogScalingParams,
  labels: CATALOG_SCALING_LABELS,
  caseKind: true,
  roles: { judge: false, generator: true },
  severity: 'medium',
  cacheable: SELECTED_UNIT,
  catalog: { columnIndependent: false, units, verdict },
});
