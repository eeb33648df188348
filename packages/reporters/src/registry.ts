import type { FormatOptions, Reporter } from './reporter.js';

/** What a `--reporter <name>` given without a path does. */
export type ReporterWrites =
  /** The console, even with `--output-dir` (`name=path` still writes a file). */
  | 'console'
  /** The console, or `<output-dir>/mcp-eval<ext>` when `--output-dir` is given. */
  | 'console-or-file'
  /** A file only: without a path or `--output-dir` it is a usage error. */
  | 'file';

/** One built-in, as `--reporter` help, validation and loading read it. */
export interface ReporterEntry<Name extends string = string> {
  /** One line: what it writes and who reads it (the "for" column of docs/reporters.md's table). */
  readonly description: string;
  readonly writes: ReporterWrites;
  /** The `FormatOptions` it reads; the CLI's flags that set them (`--sections`) apply only with it. */
  readonly options: readonly (keyof FormatOptions)[];
  /**
   * An output step the caller runs on the rendered text: `pdf` prints the page with a browser. A
   * reporter stays a pure `(report) => string`, so the step's I/O lives with the caller's writes.
   */
  readonly print?: 'pdf';
  /** Its module, by dynamic import: a caller pays only for the reporters it names. */
  readonly load: () => Promise<Reporter<Name>>;
}

/**
 * The built-in reporters by name, as `--reporter <name>` spells them, in the order help lists
 * them. Adding a reporter is its module, its test, its docs section and one line here
 * (docs/architecture.md, "Adding a reporter").
 */
export const REPORTERS = {
  json: {
    description: 'machines, and re-rendering later with `mcp-eval report`',
    writes: 'console-or-file',
    options: [],
    load: async () => (await import('./json.js')).json,
  },
  junit: {
    description: 'CI test dashboards (GitLab, Jenkins, GitHub test-report actions)',
    writes: 'console-or-file',
    options: [],
    load: async () => (await import('./junit.js')).junit,
  },
  sarif: {
    description: 'GitHub code scanning and other SARIF viewers',
    writes: 'console-or-file',
    options: ['knownChecks'],
    load: async () => (await import('./sarif.js')).sarif,
  },
  pretty: {
    description: 'people: the console summary (the default)',
    writes: 'console',
    options: ['color'],
    load: async () => (await import('./pretty.js')).pretty,
  },
  html: {
    description: 'people: one self-contained page to review, attach to a pull request or keep as a CI artifact',
    writes: 'console-or-file',
    options: ['sections'],
    load: async () => (await import('./html/html.js')).html,
  },
  yaml: {
    description: 'the JSON report as YAML, for people who diff or read reports by hand',
    writes: 'console-or-file',
    options: [],
    load: async () => (await import('./yaml.js')).yaml,
  },
  pdf: {
    description: 'people: the html page printed to PDF by a headless Chromium, to attach or archive',
    writes: 'file',
    options: ['sections'],
    print: 'pdf',
    load: async () => (await import('./pdf.js')).pdf,
  },
} as const satisfies Readonly<Record<string, ReporterEntry>>;

/** Compiles only when every entry loads a reporter whose `name` is its own key, so the table cannot drift. */
type NamesMatchKeys<Table extends { readonly [Name in keyof Table]: ReporterEntry<Name & string> }> = Table;

/** `'json' | 'junit' | 'sarif' | 'pretty' | 'html' | 'yaml' | 'pdf'`. */
export type ReporterName = keyof NamesMatchKeys<typeof REPORTERS>;

/** Narrows a user-supplied name (a CLI flag) to a table key without a cast. */
export function isReporterName(name: string): name is ReporterName {
  return Object.hasOwn(REPORTERS, name);
}
