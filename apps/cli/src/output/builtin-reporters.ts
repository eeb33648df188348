import type { Reporter } from '@mcp-eval/reporters';

/**
 * The built-in reporter names as `--reporter` spells them: the reporters package's registry and
 * `pdf`, the CLI's print of the html page (docs/reporters.md). Listed here rather than read from the
 * registry so that the flag table (`--help`, `--version`) loads no reporter code; a test keeps this
 * list equal to the registry's keys plus `pdf`.
 */
export const BUILTIN_REPORTERS = ['json', 'junit', 'sarif', 'pretty', 'html', 'yaml', 'pdf'] as const;

export type BuiltinReporterName = (typeof BUILTIN_REPORTERS)[number];

export function isBuiltinReporterName(name: string): name is BuiltinReporterName {
  return (BUILTIN_REPORTERS as readonly string[]).includes(name);
}

/** A built-in, loaded: the reporter that renders text, and for `pdf` the step that prints it to bytes. */
export interface LoadedReporter {
  readonly reporter: Reporter;
  /** `pdf` only: prints the page the reporter rendered (`pdf/print-pdf.ts`). */
  readonly print?: (page: string) => Promise<Uint8Array>;
}

/**
 * Loads one built-in by dynamic import, so a run pays only for the reporters it names: the page
 * reporter's code (html, pdf) and the browser driver load when asked for, not at start. `pdf`
 * throws a `UsageError` when its browser is absent (`pdf/print-pdf.ts`).
 */
export async function loadBuiltinReporter(
  name: BuiltinReporterName,
  env: Readonly<Record<string, string | undefined>>,
): Promise<LoadedReporter> {
  switch (name) {
    case 'html':
      return { reporter: (await import('./page-reporters.js')).html };
    case 'pdf': {
      const [{ pdfReporter }, { pdfPrinter }] = await Promise.all([import('./page-reporters.js'), import('./pdf/print-pdf.js')]);
      return { reporter: pdfReporter, print: await pdfPrinter(env) };
    }
    default:
      return { reporter: await (await import('./text-reporters.js')).loadTextReporter(name) };
  }
}
