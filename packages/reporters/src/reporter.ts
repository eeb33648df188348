import type { CheckInfo, RunReport } from '@mcp-eval/core';
import type { ReportSection } from './report-sections.js';

/** Options a caller may pass to any reporter; each reporter reads only what applies to it. */
export interface FormatOptions {
  /**
   * Emit ANSI colour codes. Only `pretty` reads it. The CLI decides (TTY, `NO_COLOR`, `FORCE_COLOR`):
   * a reporter never looks at `process`.
   * @default false
   */
  readonly color?: boolean;
  /**
   * The sections a page report renders (`html`; `--sections`), in its own order whatever order
   * they are given in. Only page reporters read it.
   * @default every section
   */
  readonly sections?: readonly ReportSection[];
  /**
   * The checks the caller knows, by id (the CLI passes its registry). Only `sarif` reads it: its rules'
   * titles, summaries and levels come from here, never from a saved report's `checks`, and a check
   * not in it gets a fixed neutral rule. Absent, the report's own `checks` are taken as known.
   */
  readonly knownChecks?: ReadonlyMap<string, CheckInfo>;
}

/**
 * A reporter is a pure function record: the run in, a string out. It never writes files, reads the
 * environment or logs; the CLI decides where the string goes. It renders only what is in the
 * `RunReport` (the record boundary, docs/record.md).
 */
export interface Reporter<Name extends string = string> {
  /** The registry key, e.g. `sarif`. */
  readonly name: Name;
  /** The conventional file extension, with its dot: `.json`, `.xml`, `.sarif`, `.txt`. */
  readonly fileExtension: string;
  format(report: RunReport, options?: FormatOptions): string;
}
