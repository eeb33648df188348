import Type, { type Static } from 'typebox';

import { SELECTED_UNIT } from '../../behavior/cached-outcome-fits.js';
import { OVERLAP_DISAMBIGUATION_LABELS } from '../../behavior/catalog-check-labels.js';
import { generateRequest, selectFor } from '../../behavior/catalog-units.js';
import { canonicalJson } from '../../behavior/outcome-cache-key.js';
import { overlapPairs } from '../../behavior/overlap-pairs.js';
import type { CatalogUnit, CatalogUnitContext, CatalogUnitResult, CatalogUnits, CatalogVerdict } from './catalog/catalog-check-facts.js';
import { rawIndexToTool, sha256, trialsOf } from './catalog/unit-helpers.js';
import { judgedUnits, rateFindings, round4 } from './catalog/unit-tally.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

export const overlapDisambiguationParams = Type.Object(
  {
    max_confusion_rate: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: "The largest `confusionRate` a pair's tool may show and pass; default 0 (every request must reach its tool).",
      }),
    ),
    models: MODELS_PARAM,
  },
  { additionalProperties: false },
);

export type OverlapDisambiguationParams = Static<typeof overlapDisambiguationParams>;

function units(ctx: CatalogUnitContext): CatalogUnits {
  const pairs = overlapPairs(ctx.rawTools);
  // No close pair is itself a verdict on the catalog (lint's measure ran).
  if (pairs.length === 0) return { kind: 'missing', label: 'no-overlap', status: 'pass' };
  const generator = ctx.generator;
  if (generator === undefined) return { kind: 'missing', label: 'no-generator', status: 'skip' };
  const surface = sha256(canonicalJson(ctx.tools));
  const byIndex = rawIndexToTool(ctx);
  const out: CatalogUnit[] = [];
  // A tool in two pairs is asked about once: the question is whether its request reaches it.
  const indexes = [...new Set(pairs.flatMap((pair) => [pair.first, pair.second]))];
  for (const index of indexes) {
    const tool = byIndex.get(index);
    if (tool === undefined) continue;
    for (const trial of trialsOf(ctx.trials)) {
      out.push({
        subject: tool.name,
        trial,
        surface,
        run: async () => {
          const request = await generateRequest(generator, 'select', tool, ctx.signal);
          return request.kind === 'failed' ? request.outcome : selectFor(ctx.column, ctx.tools, request.text, tool.name);
        },
      });
    }
  }
  return { kind: 'units', units: out };
}

function verdict(params: Readonly<Record<string, unknown>>, results: readonly CatalogUnitResult[]): CatalogVerdict {
  const { judged, failures } = judgedUnits(results);
  const allowed = (params as OverlapDisambiguationParams).max_confusion_rate ?? 0;
  const findings = rateFindings(judged, 'confusionRate', allowed, 'disambiguated', () => 'confused');
  const measurements = { pairTools: findings.length, confusionRate: judged.length === 0 ? 0 : round4(failures / judged.length) };
  const confused = findings.some((f) => f.label === 'confused');
  return { status: confused ? 'fail' : 'pass', label: confused ? 'confused' : 'disambiguated', measurements, findings };
}

export const overlapDisambiguation = defineBehaviorCheck({
  id: 'overlap-disambiguation',
  kind: 'behavior',
  title: 'Overlap disambiguation',
  summary:
    "For tool pairs lint's near-duplicate measure finds close, the generator writes a request for each tool and the column must pick the tool it was written for.",
  params: overlapDisambiguationParams,
  labels: OVERLAP_DISAMBIGUATION_LABELS,
  caseKind: true,
  roles: { judge: false, generator: true },
  severity: 'high',
  cacheable: SELECTED_UNIT,
  catalog: { columnIndependent: false, units, verdict },
});
