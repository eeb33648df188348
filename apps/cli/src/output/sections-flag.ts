import type { ReporterEntry, ReportSection } from '@mcp-eval/reporters';
import { isReportSection, REPORT_SECTIONS, REPORTERS } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import { stringList } from '../parse-flags.js';
import type { ReporterTarget } from './reporter-targets.js';

/** The reporters that render pages and so read `--sections`: the table's entries that read `sections`. */
export function sectionReaders(): readonly string[] {
  const table: Readonly<Record<string, ReporterEntry>> = REPORTERS;
  return Object.entries(table)
    .filter(([, entry]) => entry.options.includes('sections'))
    .map(([name]) => name);
}

/**
 * `--sections summary,cases`: the sections the page reporters render (absent: every one). Comma
 * separated, repeatable. An unknown name, or the flag without a page reporter to read it, is a
 * usage error (exit 2) before anything connects, rather than a flag silently doing nothing.
 */
export function sectionsFlag(value: unknown, targets: readonly ReporterTarget[]): readonly ReportSection[] | undefined {
  if (value === undefined) return undefined;
  const names = stringList(value, '--sections').flatMap((list) => list.split(',').map((name) => name.trim()));
  const sections = names.map((name) => {
    if (!isReportSection(name))
      throw new UsageError(`--sections: unknown section \`${name}\`; expected a comma-separated list of: ${REPORT_SECTIONS.join(', ')}`);
    return name;
  });
  const readers = sectionReaders();
  if (!targets.some((target) => readers.includes(target.name)))
    throw new UsageError(
      `--sections applies to the ${readers.join(' and ')} reporters; add ${readers.map((name) => `--reporter ${name}=<path>`).join(' or ')}`,
    );
  return sections;
}
