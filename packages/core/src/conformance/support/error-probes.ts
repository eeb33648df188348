import type { Exchange } from '@mcp-eval/protocol';
import type { Finding } from '../../record.js';
import type { ErrorVerdict, ExpectedError } from './expected-error.js';
import { answerMeasurements, compareError } from './expected-error.js';

/** What became of one deliberate violation. `rejected` is the conformant answer. */
export type ProbeResult = 'rejected' | Exclude<ErrorVerdict['kind'], 'expected'>;

const RESULT_MEANINGS: Record<ProbeResult, string> = {
  rejected: 'rejected as the revision requires',
  served: 'served as if nothing were wrong (a result came back)',
  'wrong-code':
    'answered with an error other than the required code (jsonRpcCode says which, if any): the server objected to something other than the violation sent',
  'wrong-status': 'rejected with the right code but the wrong HTTP status (httpStatus says which)',
  'no-answer': 'not answered at all: timeout, crash, closed connection or an unparseable reply',
};

export type ProbeLabel<P extends string> = `${P}-${ProbeResult}`;

export interface ErrorProbe<P extends string> {
  readonly probe: P;
  readonly expected: ExpectedError;
  send(): Promise<Exchange>;
}

/** The closed label set of a family of probes: `<probe>-<result>` for every probe and result. */
export function probeLabels<P extends string>(probes: Readonly<Record<P, string>>): Record<ProbeLabel<P>, string> {
  const labels: Record<string, string> = {};
  for (const [probe, what] of Object.entries<string>(probes)) {
    for (const [result, meaning] of Object.entries(RESULT_MEANINGS)) labels[`${probe}-${result}`] = `${what}: ${meaning}.`;
  }
  return labels as Record<ProbeLabel<P>, string>;
}

export interface ProbeRun<P extends string> {
  /** One finding per probe, in order, conformant ones included. */
  readonly findings: readonly (Finding & { readonly label: ProbeLabel<P> })[];
  /** The first non-conformant probe's label, if any. */
  readonly failure?: ProbeLabel<P>;
}

/** Sends each probe in turn (never concurrently: their answers must not be confused). */
export async function runErrorProbes<P extends string>(probes: readonly ErrorProbe<P>[]): Promise<ProbeRun<P>> {
  const findings: (Finding & { readonly label: ProbeLabel<P> })[] = [];
  let failure: ProbeLabel<P> | undefined;
  for (const { probe, expected, send } of probes) {
    const exchange = await send();
    const verdict = compareError(exchange, expected);
    const label: ProbeLabel<P> = `${probe}-${verdict.kind === 'expected' ? 'rejected' : verdict.kind}`;
    if (verdict.kind !== 'expected') failure ??= label;
    findings.push({ label, measurements: answerMeasurements(exchange) });
  }
  return { findings, ...(failure === undefined ? {} : { failure }) };
}
