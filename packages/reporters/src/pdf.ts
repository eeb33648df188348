import { html } from './html/html.js';
import type { Reporter } from './reporter.js';

/**
 * The html page (the same sections, `sections` included) under its own name and extension. The
 * caller prints it to PDF (the table entry's `print`; the CLI's `output/pdf/print-pdf.ts`): the one
 * output step that needs I/O, a browser, stays beside the caller's other writes.
 */
export const pdf: Reporter<'pdf'> = {
  name: 'pdf',
  fileExtension: '.pdf',
  format: (report, options) => html.format(report, options),
};
