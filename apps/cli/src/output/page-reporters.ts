import type { Reporter } from '@mcp-eval/reporters';
import { html } from '@mcp-eval/reporters';

export { html };

/**
 * `pdf` renders the html page (the same sections, `--sections` included) and the CLI prints it to
 * PDF (`pdf/print-pdf.ts`): a reporter stays a pure `(report) => string`, and the one output step
 * that needs I/O, a browser, lives in the CLI beside the other writes.
 */
export const pdfReporter: Reporter = { name: 'pdf', fileExtension: '.pdf', format: (report, options) => html.format(report, options) };
