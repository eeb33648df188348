import Type from 'typebox';
import { minOf } from '@mcp-eval/protocol';

import { cacheVerdicts } from '../../behavior/cached-outcome-fits.js';
import { DESCRIPTION_CLARITY_LABELS } from '../../behavior/catalog-check-labels.js';
import { judgeClarity } from '../../behavior/catalog-units.js';
import type { CatalogUnitResult, CatalogUnits, CatalogUnitContext, CatalogVerdict } from './catalog/catalog-check-facts.js';
import { toolHash } from './catalog/unit-helpers.js';
import { bySubject, round4 } from './catalog/unit-tally.js';
import { safeToolName } from '../../tool-name.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

export const descriptionClarityParams = Type.Object({ models: MODELS_PARAM }, { additionalProperties: false });

/** The judge rates each tool once: the column is not asked. */
function units(ctx: CatalogUnitContext): CatalogUnits {
  const judge = ctx.judge;
  if (judge === undefined) return { kind: 'missing', label: 'no-judge', status: 'skip' };
  return {
    kind: 'units',
    units: ctx.tools.map((tool) => ({
      subject: tool.name,
      trial: 0,
      surface: toolHash(tool),
      run: () => judgeClarity(judge, tool, ctx.signal),
    })),
  };
}

function verdict(_params: unknown, results: readonly CatalogUnitResult[]): CatalogVerdict {
  const findings = [...bySubject(results)].map(([tool, [r]]) => ({
    label: r?.outcome.label ?? 'judge-unparseable',
    tool: safeToolName(tool),
    measurements: Object.fromEntries(
      Object.entries(r?.outcome.measurements ?? {}).filter(([k]) => k === 'rating' || k === 'judgeAgreement'),
    ),
  }));
  const labels = findings.map((f) => f.label);
  const ratings = findings.flatMap((f) => (f.measurements.rating === undefined ? [] : [f.measurements.rating]));
  const agreements = findings.flatMap((f) => (f.measurements.judgeAgreement === undefined ? [] : [f.measurements.judgeAgreement]));
  const measurements = {
    toolsRated: ratings.length,
    unclearTools: labels.filter((l) => l === 'unclear').length,
    ...(ratings.length === 0 ? {} : { minRating: minOf(ratings) }),
    ...(agreements.length === 0 ? {} : { judgeAgreement: round4(agreements.reduce((a, b) => a + b, 0) / agreements.length) }),
  };
  if (labels.includes('unclear')) return { status: 'fail', label: 'unclear', measurements, findings };
  if (labels.includes('judge-unparseable')) return { status: 'error', label: 'judge-unparseable', measurements, findings };
  return { status: 'pass', label: labels.includes('adequate') ? 'adequate' : 'clear', measurements, findings };
}

export const descriptionClarity = defineBehaviorCheck({
  id: 'description-clarity',
  kind: 'behavior',
  title: 'Description clarity',
  summary:
    "The judge rates each tool's description 1-10 for how well it tells a model what the tool does and when to use it (median of its votes); below 5 fails.",
  params: descriptionClarityParams,
  labels: DESCRIPTION_CLARITY_LABELS,
  caseKind: true,
  roles: { judge: true, generator: false },
  severity: 'low',
  cacheable: cacheVerdicts(DESCRIPTION_CLARITY_LABELS, ['clear', 'adequate'], { keep: ['clear', 'adequate', 'unclear'] }),
  catalog: { columnIndependent: true, units, verdict },
});
