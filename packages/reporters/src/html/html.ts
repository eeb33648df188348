import { createHash } from 'node:crypto';
import type { RunReport } from '@mcp-eval/core';
import type { ReportSection } from '../report-sections.js';
import { REPORT_SECTIONS } from '../report-sections.js';
import type { FormatOptions, Reporter } from '../reporter.js';
import { baselineSection } from './baseline-section.js';
import { caseTable } from './case-table.js';
import { HTML_SCRIPT } from './html-script.js';
import { HTML_STYLE } from './html-style.js';
import { lintScores } from './lint-scores.js';
import type { Markup } from './markup.js';
import { h, trusted } from './markup.js';
import { modelMatrix } from './model-matrix.js';
import { reviewedFindings } from './reviewed-findings.js';
import { runHeader } from './run-header.js';
import { toolCharts } from './tool-charts.js';

/** Each section's renderer. */
const SECTIONS: Readonly<Record<ReportSection, (report: RunReport) => Markup>> = {
  summary: runHeader,
  tools: toolCharts,
  lint: lintScores,
  models: modelMatrix,
  baseline: baselineSection,
  cases: caseTable,
  reviewed: reviewedFindings,
};

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The page may run only its own script and style (by hash) and load nothing: `default-src 'none'`
 * refuses every fetch, so even a report rendered from a hostile file cannot reach the network.
 * The docs links are plain anchors: following one is a navigation, not a fetch.
 */
const CONTENT_SECURITY_POLICY = `default-src 'none'; script-src ${sha256(HTML_SCRIPT)}; style-src ${sha256(HTML_STYLE)}; img-src data:; base-uri 'none'; form-action 'none'`;

/**
 * One self-contained HTML page: inline CSS and script, inline SVG charts, no fetch. Every table is
 * in the markup, so it reads with JavaScript off; the script adds filtering, sorting and chart
 * clicks. Built only from record fields, every one escaped (`markup.ts`).
 */
export const html: Reporter<'html'> = {
  name: 'html',
  fileExtension: '.html',
  format(report: RunReport, options: FormatOptions = {}): string {
    const chosen = new Set(options.sections ?? REPORT_SECTIONS);
    const body = REPORT_SECTIONS.filter((section) => chosen.has(section)).map((section) => SECTIONS[section](report));
    const named =
      report.manifest ?? (report.target.identity === undefined ? undefined : `${report.target.transport} ${report.target.identity}`);
    const title = `MCP Eval: ${report.command}${named === undefined ? '' : ` ${named}`}`;
    const page = h`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${report.tool.name} ${report.tool.version}">
<link rel="icon" href="data:,">
<title>${title}</title>
<style>${trusted(HTML_STYLE)}</style></head>
<body><main>
${body}
</main>
<script>${trusted(HTML_SCRIPT)}</script>
</body></html>
`;
    return page.markup;
  },
};
