import type { Connector } from '@mcp-eval/protocol';
import type { Evaluation, EvaluateOptions } from '../engine/evaluate.js';
import { evaluate } from '../engine/evaluate.js';
import type { CaseRecord, RecordEra } from '../record.js';
import { conformanceChecks } from './index.js';
import type { SkipLabel } from './support/applicability.js';

/** The engine's options that make sense without a manifest. */
export type ConformanceOptions = Pick<
  EvaluateOptions,
  'timeoutMs' | 'caseTimeoutMs' | 'catalogBudget' | 'concurrency' | 'signal' | 'onCaseStart' | 'onCaseEnd'
>;

/**
 * Runs every conformance assertion against the target through the same engine as `run`: one case
 * per assertion, its id the check id, no manifest location. The records render with the same
 * reporters (`createRunReport({ command: 'conformance', ... })`).
 */
export function runConformance(connector: Connector, options: ConformanceOptions = {}): Promise<Evaluation> {
  return evaluate({ ...options, connector, cases: conformanceChecks.map((check) => ({ id: check.id, check, params: {} })) });
}

/** One era of a run over both: a connector pinned to that era's revision. */
export interface EraConnector {
  readonly era: RecordEra;
  readonly connector: Connector;
}

/** The skip an assertion gives on a connection of `era` when it is about the other one. */
const OTHER_ERA_SKIP: Readonly<Record<RecordEra, SkipLabel>> = { modern: 'era-modern', legacy: 'era-legacy' };

function aboutOtherEra(record: CaseRecord, era: RecordEra): boolean {
  return record.status === 'skip' && record.label === OTHER_ERA_SKIP[era];
}

/**
 * Runs every assertion once per era, each over its own connections (the eras run side by side),
 * in one list: the modern era's records first, then the legacy era's, each saying its era. An
 * assertion about the other era is left out of that era's list rather than reported as a skip: in
 * a run over both eras it is judged in its own. An era whose connection failed keeps its records
 * (`connect-failed`), so a server that stops speaking one era fails the run. The negotiated
 * revision is absent (there are two); each record's era names it.
 */
export async function runConformanceEras(eras: readonly EraConnector[], options: ConformanceOptions = {}): Promise<Evaluation> {
  const evaluations = await Promise.all(eras.map(({ connector }) => runConformance(connector, options)));
  const records: CaseRecord[] = [];
  const invocationErrors = new Map<string, { readonly label: string }>();
  evaluations.forEach((evaluation, index) => {
    const era = eras[index]?.era;
    if (era === undefined) return;
    for (const record of evaluation.records) if (!aboutOtherEra(record, era)) records.push({ ...record, era });
    for (const error of evaluation.invocationErrors) invocationErrors.set(error.label, error);
  });
  return { records, invocationErrors: [...invocationErrors.values()] };
}
