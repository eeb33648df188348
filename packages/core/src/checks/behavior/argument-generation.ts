import Type from 'typebox';

import { cacheVerdicts } from '../../behavior/cached-outcome-fits.js';
import { ARGUMENT_GENERATION_LABELS } from '../../behavior/catalog-check-labels.js';
import { argumentsFor, generateRequest } from '../../behavior/catalog-units.js';
import type { CatalogUnitContext, CatalogUnitResult, CatalogUnits, CatalogVerdict } from './catalog/catalog-check-facts.js';
import { toolHash, trialsOf } from './catalog/unit-helpers.js';
import { judgedUnits, rateFindings, round4 } from './catalog/unit-tally.js';
import { MODELS_PARAM } from './behavior-params.js';
import { defineBehaviorCheck } from './behavior-check.js';

export const argumentGenerationParams = Type.Object({ models: MODELS_PARAM }, { additionalProperties: false });

function units(ctx: CatalogUnitContext): CatalogUnits {
  const generator = ctx.generator;
  if (generator === undefined) return { kind: 'missing', label: 'no-generator', status: 'skip' };
  return {
    kind: 'units',
    units: ctx.tools.flatMap((tool) =>
      trialsOf(ctx.trials).map((trial) => ({
        subject: tool.name,
        trial,
        surface: toolHash(tool),
        run: async () => {
          const request = await generateRequest(generator, 'arguments', tool, ctx.signal);
          const schema = ctx.schemas.get(tool.name);
          if (request.kind === 'failed') return request.outcome;
          return schema === undefined
            ? { status: 'error', label: 'evaluator-error', measurements: {} }
            : argumentsFor(ctx.column, tool, schema, request.text);
        },
      })),
    ),
  };
}

/** A tool's finding names its first failing verdict; the record names the commonest one. */
function verdict(_params: unknown, results: readonly CatalogUnitResult[]): CatalogVerdict {
  const { judged, passes } = judgedUnits(results);
  const findings = rateFindings(
    judged,
    'invalidRate',
    0,
    'schema-valid',
    (group) => group.find((r) => r.outcome.status === 'fail')?.outcome.label ?? 'type-mismatch',
  ).map((f) => ({
    ...f,
    measurements: { validRate: round4(1 - (f.measurements?.invalidRate ?? 0)), trials: f.measurements?.trials ?? 0 },
  }));
  const counts = new Map<string, number>();
  for (const r of judged) if (r.outcome.status === 'fail') counts.set(r.outcome.label, (counts.get(r.outcome.label) ?? 0) + 1);
  const worst = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const measurements = { toolsFilled: findings.length, validRate: judged.length === 0 ? 0 : round4(passes / judged.length) };
  return worst === undefined
    ? { status: 'pass', label: 'schema-valid', measurements, findings }
    : { status: 'fail', label: worst, measurements, findings };
}

export const argumentGeneration = defineBehaviorCheck({
  id: 'argument-generation',
  kind: 'behavior',
  title: 'Argument generation',
  summary:
    "For each tool, the generator writes a request and the column fills the tool's arguments; they are validated against the input schema, never executed.",
  params: argumentGenerationParams,
  labels: ARGUMENT_GENERATION_LABELS,
  caseKind: true,
  roles: { judge: false, generator: true },
  severity: 'medium',
  cacheable: cacheVerdicts(ARGUMENT_GENERATION_LABELS, ['schema-valid'], {
    keep: ['schema-valid', 'missing-required', 'hallucinated-argument', 'type-mismatch', 'not-called'],
  }),
  catalog: { columnIndependent: false, units, verdict },
});
