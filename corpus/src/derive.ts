import { type Expectation, type ExpectedFile, indexVerdicts, mismatches } from './expectation.js';
import { HAND_WRITTEN } from './hand-written.js';
import type { Observation } from './observe.js';
import { oracleExpectations, type RuleExpectation } from './rules.js';
import { installedVersion, type CorpusServer } from './servers.js';
import { verdictKey } from './verdicts.js';

/** Checks whose verdict depends on the machine's load: recorded as present only. */
const TIMING_CHECKS = new Set([
  'latency-budget',
  'degradation-over-n',
  'contention',
  'load',
  'cancellation',
  'restart-recovery',
  'stream-drop',
]);
/** Labels a loaded machine produces, never a server's fault: not recorded, and derive refuses them. */
export const LOAD_LABELS = new Set(['connect-failed', 'case-timeout']);

export interface Derived {
  readonly file: ExpectedFile;
  /** Rule or hand expectations main disagrees with although they name no defect. */
  readonly unexplained: readonly string[];
  /** Verdicts left out because the machine was too loaded to judge them. */
  readonly loadArtifacts: readonly string[];
}

/**
 * The expected file: the oracle's rules and the hand-written entries first; every other verdict
 * main gives today is recorded (status and label) so it stays what it is. A rule entry main gets
 * wrong carries its defect as `knownWrongOnMainAt`; a recorded entry never contradicts one.
 */
export function derive(server: CorpusServer, observation: Observation): Derived {
  const actual = indexVerdicts(observation.verdicts);
  const unexplained: string[] = [];
  const derived: RuleExpectation[] = [
    ...oracleExpectations({ primary: observation.primary, conformance: observation.conformanceEras }),
    ...(HAND_WRITTEN[server.id] ?? []),
  ];
  const expectations: Expectation[] = [];
  const contested = new Set<string>();
  for (const { defect, loadDependent, ...entry } of derived) {
    const wrong = mismatches(entry, actual.get(entry.key));
    if (wrong.length === 0 && loadDependent === true && defect !== undefined) {
      contested.add(entry.key);
      expectations.push({ ...entry, knownWrongOnMainAt: defect });
    } else if (wrong.length === 0) expectations.push(entry);
    else if (defect === undefined) unexplained.push(`${entry.key} (${entry.source}): ${wrong.join('; ')}`);
    else {
      contested.add(entry.key);
      expectations.push({ ...entry, knownWrongOnMainAt: defect });
    }
  }
  const loadArtifacts: string[] = [];
  for (const verdict of observation.verdicts) {
    const key = verdictKey(verdict);
    if (contested.has(key)) continue;
    if (verdict.status === 'error' && LOAD_LABELS.has(verdict.label ?? '')) {
      loadArtifacts.push(key);
      continue;
    }
    if (TIMING_CHECKS.has(verdict.check)) expectations.push({ key, source: 'recorded' });
    else
      expectations.push({
        key,
        source: 'recorded',
        status: verdict.status,
        ...(verdict.label === undefined ? {} : { label: verdict.label }),
      });
  }
  return {
    file: { server: server.id, package: server.package, version: installedVersion(server.package), facts: observation.facts, expectations },
    unexplained,
    loadArtifacts,
  };
}
