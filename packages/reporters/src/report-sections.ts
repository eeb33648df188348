/**
 * The parts of a page report (`html`, and the PDF printed from it) a reader can choose, in page
 * order. `summary` is the run header and totals; `baseline` is the comparison with a baseline run,
 * drawn once the record carries one (today it carries none, so it renders nothing).
 */
export const REPORT_SECTIONS = ['summary', 'tools', 'lint', 'models', 'baseline', 'cases', 'reviewed'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export function isReportSection(name: string): name is ReportSection {
  return (REPORT_SECTIONS as readonly string[]).includes(name);
}
