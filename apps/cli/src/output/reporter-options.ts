import type { Command } from 'cac';

import { REPORT_SECTIONS } from '@mcp-eval/reporters';

import { reporterChoices } from './load-reporter.js';
import { sectionReaders } from './sections-flag.js';

/**
 * Registers the output flags `prepareReporters` and `useColor` read, with one help text for
 * every command that renders a report (`run`, `report`, `conformance`, `lint`).
 */
export function withReporterOptions(command: Command): Command {
  command
    .option(
      '--reporter <name[=path]>',
      `Report format: ${reporterChoices()}, or a reporter module's path (./my-reporter.js); repeatable; =path writes a file`,
      { type: [String] },
    )
    .option('--output-dir <dir>', 'Write reporters given without a path to <dir>/mcp-eval.<ext>')
    .option('--quiet', 'No pretty summary on the console when every reporter writes a file')
    .option(
      '--sections <list>',
      `Sections the ${sectionReaders().join(' and ')} reports render, comma-separated: ${REPORT_SECTIONS.join(',')} (default: all)`,
    )
    .option('--no-color', 'Plain console output even on a terminal');
  // cac gives a negated flag `default: true` and prints "(default: true)" in the help, which reads
  // as "no colour by default". Unset, useColor decides (terminal, NO_COLOR, FORCE_COLOR).
  const color = command.options.find((option) => option.negated && option.name === 'color');
  if (color !== undefined) delete color.config.default;
  return command;
}
