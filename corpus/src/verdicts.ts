import type { CorpusCommand, ReportCase } from './cli-runner.js';

/** One verdict of one command: what the corpus compares. */
export interface Verdict {
  readonly command: CorpusCommand;
  /** The case id as the report names it (check id, `/tool` for per-tool cases). */
  readonly id: string;
  readonly check: string;
  readonly tool?: string;
  readonly era?: string;
  readonly status: string;
  readonly label?: string;
  readonly measurements?: Readonly<Record<string, number>>;
  /** Finding labels with their tool, sorted: `label` or `label tool`. */
  readonly findings?: readonly string[];
}

/** `command id@era`: unique within one server's verdicts. */
export const verdictKey = (verdict: Pick<Verdict, 'command' | 'id' | 'era'>): string =>
  `${verdict.command} ${verdict.id}${verdict.era === undefined ? '' : `@${verdict.era}`}`;

export function toVerdicts(command: CorpusCommand, cases: readonly ReportCase[]): Verdict[] {
  return cases.map((entry) => {
    const findings = [
      ...new Set(
        (entry.findings ?? []).map((finding) => (finding.tool === undefined ? finding.label : `${finding.label} ${finding.tool}`)),
      ),
    ].sort();
    return {
      command,
      id: entry.id,
      check: entry.check,
      ...(entry.tool === undefined ? {} : { tool: entry.tool }),
      ...(entry.era === undefined ? {} : { era: entry.era }),
      status: entry.status,
      ...(entry.label === undefined ? {} : { label: entry.label }),
      ...(entry.measurements === undefined ? {} : { measurements: entry.measurements }),
      ...(findings.length === 0 ? {} : { findings }),
    };
  });
}
