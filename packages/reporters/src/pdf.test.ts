import { describe, expect, it } from 'vitest';

import { html } from './html/html.js';
import { pdf } from './pdf.js';
import { REPORTERS } from './registry.js';
import { behaviorReport, mixedReport } from './test-support/fixture-reports.js';

describe('pdf', () => {
  it('is the html page under its own name, for the caller to print', () => {
    expect(pdf.name).toBe('pdf');
    expect(pdf.fileExtension).toBe('.pdf');
    expect(REPORTERS.pdf.print).toBe('pdf');
    expect(REPORTERS.pdf.writes).toBe('file');
    for (const report of [mixedReport, behaviorReport]) expect(pdf.format(report)).toBe(html.format(report));
  });

  it('renders the sections it is given, as html does', () => {
    const page = pdf.format(mixedReport, { sections: ['summary', 'cases'] });
    expect(page).toBe(html.format(mixedReport, { sections: ['summary', 'cases'] }));
    expect(page).not.toBe(pdf.format(mixedReport));
  });
});
