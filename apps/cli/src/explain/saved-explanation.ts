import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { escapeLine } from '@mcp-eval/core';

import { verdictLines } from './format-explanation.js';

/** Why explain prints what a saved report holds for a case instead of re-running it: one fixed note each. */
function note(report: RunReport, record: CaseRecord, manifestFile: string | undefined): string {
  const id = escapeLine(record.id);
  if (report.command === 'scan')
    return (
      'note: a scan row; explain does not re-run it: explain takes no --stdio or --url, and a scan report holds only a hash of ' +
      `its target (${report.target.identity ?? 'none'}), never the command or URL. Measure it again by passing the target ` +
      'to scan: `mcp-eval scan --stdio "<command>"` or `mcp-eval scan --url <url>`.'
    );
  if (report.command !== 'run')
    return `note: a row of \`mcp-eval ${report.command}\`, not a manifest case: explain does not re-run it; \`mcp-eval ${report.command}\` measures it again.`;
  if (record.kind === 'behavior')
    return `note: a behavior case asks model columns, not the server: explain does not re-run it; \`mcp-eval run --only ${id}\` does.`;
  return manifestFile === undefined
    ? `note: no manifest was read (pass the one that holds \`${id}\` to re-run it); this is what the report holds.`
    : `note: ${escapeLine(manifestFile)} has no case \`${id}\` to re-run; this is what the report holds.`;
}

/**
 * What explain prints for a case it cannot re-run: every record the saved report holds for it
 * (status, label, tool, numbers, findings), where they came from, and a fixed note saying why
 * nothing was sent. Ids, labels, tool names and numbers only, as the report's schema allows.
 */
export function formatSavedExplanation(
  records: readonly CaseRecord[],
  report: RunReport,
  reportFile: string,
  manifestFile: string | undefined,
): string {
  const lines = records.flatMap((record) => verdictLines(record));
  lines.push(`  from ${escapeLine(reportFile)} (mcp-eval ${report.command}, started ${escapeLine(report.startedAt)}); nothing was sent`);
  const [first] = records;
  if (first !== undefined) lines.push(`  ${note(report, first, manifestFile)}`);
  return `${lines.join('\n')}\n`;
}
