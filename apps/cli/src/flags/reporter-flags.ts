import { REPORT_SECTIONS } from '@mcp-eval/reporters';

import { reporterChoices } from '../output/load-reporter.js';
import { sectionReaders } from '../output/sections-flag.js';
import { given, isSet, negatable } from '../parse-flags.js';
import { flag } from './flag.js';

/** The output flags `prepareOutput` reads, for every command that renders a report; it parses them. */
export const REPORTER_FLAGS = [
  flag(
    '--reporter <name[=path]>',
    `Report format: ${reporterChoices()}, or a reporter module's path (./my-reporter.js); repeatable; =path writes a file`,
    given,
    { repeatable: true },
  ),
  // Read as a path; cac's own type for it.
  flag('--output-dir <dir>', 'Write reporters given without a path to <dir>/mcp-eval.<ext>', (value) => value as string | undefined),
  flag('--quiet', 'No pretty summary on the console when every reporter writes a file', isSet),
  flag(
    '--sections <list>',
    `Sections the ${sectionReaders().join(' and ')} reports render, comma-separated: ${REPORT_SECTIONS.join(',')} (default: all)`,
    given,
  ),
  // Unset, useColor decides (terminal, NO_COLOR, FORCE_COLOR).
  flag('--no-color', 'Plain console output even on a terminal', negatable, { unsetByDefault: true }),
];
