// The public surface of @mcp-eval/reporters. Named exports only: adding a symbol here makes it public API.
export type { FormatOptions, Reporter } from './reporter.js';
export type { ReporterEntry, ReporterName, ReporterWrites } from './registry.js';
export { isReporterName, REPORTERS } from './registry.js';
export { json } from './json.js';
// One by one as well as through `REPORTERS`, for a caller that renders one format.
export { html } from './html/html.js';
export { yaml } from './yaml.js';
export { junit } from './junit.js';
export { pretty } from './pretty.js';
export { checkDocsUrl, REPOSITORY_URL } from './check-docs-url.js';
export { MAX_SARIF_RESULTS, PLACEHOLDER_ARTIFACT, sarif } from './sarif.js';
export type { ParseReportResult } from './parse-report.js';
export { parseReport } from './parse-report.js';
export type { ReportSection } from './report-sections.js';
export { isReportSection, REPORT_SECTIONS } from './report-sections.js';
