/**
 * The parts of a page report (`html`, and the PDF printed from it) a reader can choose, in page
 * order. `summary` is the run header and totals; `baseline` the findings `--baseline` put on records.
 */
export const REPORT_SECTIONS = ['summary', 'baseline', 'tools', 'lint', 'models', 'cases', 'reviewed'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export function isReportSection(name: string): name is ReportSection {
  return (REPORT_SECTIONS as readonly string[]).includes(name);
}
