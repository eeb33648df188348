import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { ReporterEntry } from '@mcp-eval/reporters';
import { isReporterName, REPORTERS } from '@mcp-eval/reporters';
import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-error.js';
import { scratchDir } from '../test-support/run-cli.js';
import { loadReporter, reporterChoices } from './load-reporter.js';
import { DEFAULT_CHROMIUM, PDF_BROWSER_ABSENT } from './pdf/print-pdf.js';

const table: Readonly<Record<string, ReporterEntry>> = REPORTERS;
const printless = Object.keys(table).filter((name) => table[name]?.print === undefined);

describe('loadReporter: the table names and module paths through one loader', () => {
  it.each(printless)('loads %s as the table defines it', async (name) => {
    const loaded = await loadReporter(name, '/', {});
    expect(loaded.reporter).toBe(await table[name]?.load());
    expect(loaded).toMatchObject({ name, origin: 'builtin', writes: table[name]?.writes });
    expect(loaded.print).toBeUndefined();
  });

  it.runIf(existsSync(DEFAULT_CHROMIUM))('gives pdf its print step, and refuses it without a browser', async () => {
    const loaded = await loadReporter('pdf', '/', {});
    expect(loaded.reporter).toBe(await REPORTERS.pdf.load());
    expect(loaded.writes).toBe('file');
    expect(typeof loaded.print).toBe('function');
    await expect(loadReporter('pdf', '/', { MCP_EVAL_CHROMIUM: '/nonexistent/chromium' })).rejects.toThrow(PDF_BROWSER_ABSENT);
  });

  it('lists the table in its order for the help and the errors', async () => {
    expect(reporterChoices()).toBe(Object.keys(REPORTERS).join(', '));
    await expect(loadReporter('csv', '/', {})).rejects.toThrow(UsageError);
    await expect(loadReporter('toString', '/', {})).rejects.toThrow(`expected one of: ${reporterChoices()}, or the path`);
    expect(isReporterName('csv')).toBe(false);
  });

  it('loads a module path as a module reporter, never as a built-in', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeFile(join(dir, 'json.mjs'), `export default { name: 'json', fileExtension: '.j', format: () => 'mine' };\n`);
      const loaded = await loadReporter('./json.mjs', dir, {});
      expect(loaded).toMatchObject({ name: 'json', origin: 'module', writes: 'console-or-file' });
      expect(loaded.reporter).not.toBe(await REPORTERS.json.load());
    } finally {
      await cleanup();
    }
  });
});
