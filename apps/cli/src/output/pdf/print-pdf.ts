import { access, constants } from 'node:fs/promises';

import type { chromium as playwrightChromium } from 'playwright-core';

import { UsageError } from '../../cli-error.js';

/** Debian's `chromium` (`apt-get install chromium`), the browser `--reporter pdf` prints with. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
/** Names another Chromium or Chrome binary to print with. */
export const CHROMIUM_VARIABLE = 'MCP_EVAL_CHROMIUM';
/** Wall time one print may take, browser start included; past it the browser is closed and the pdf target fails. */
export const PDF_PRINT_TIMEOUT_MS = 60_000;

/** The one line printed when the pdf step cannot run: exit 2 before anything connects. */
export const PDF_BROWSER_ABSENT = `--reporter pdf prints the html report with a headless Chromium: it needs the playwright-core package and a Chromium binary (${DEFAULT_CHROMIUM}, or the path in ${CHROMIUM_VARIABLE}); neither may be missing; nothing was run`;

// The same switches the html browser test runs Chromium with: no sandbox (CI runs as root), and no
// background traffic of the browser's own.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Chromium = typeof playwrightChromium;

async function loadChromium(): Promise<Chromium | undefined> {
  try {
    return (await import('playwright-core')).chromium;
  } catch {
    return undefined;
  }
}

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The pdf output step, proven able to run (the driver loads, the browser binary is executable), or
 * a `UsageError` with `PDF_BROWSER_ABSENT`. The page is printed offline with scripts off: the html
 * report is readable without JavaScript, and a report from someone else's file can run nothing and
 * reach nothing while it is printed.
 */
export async function pdfPrinter(env: Readonly<Record<string, string | undefined>>): Promise<(page: string) => Promise<Uint8Array>> {
  const executablePath = env[CHROMIUM_VARIABLE] ?? DEFAULT_CHROMIUM;
  const chromium = await loadChromium();
  if (chromium === undefined || !(await executable(executablePath))) throw new UsageError(PDF_BROWSER_ABSENT);
  return async (page) => {
    const browser = await chromium.launch({ executablePath, args: ARGS, timeout: PDF_PRINT_TIMEOUT_MS });
    let timer: NodeJS.Timeout | undefined;
    try {
      const print = async (): Promise<Uint8Array> => {
        const context = await browser.newContext({ offline: true, javaScriptEnabled: false });
        await context.route('**/*', (route) => route.abort());
        const tab = await context.newPage();
        await tab.setContent(page, { waitUntil: 'load', timeout: PDF_PRINT_TIMEOUT_MS });
        return await tab.pdf({ format: 'A4', printBackground: true, tagged: true, outline: true });
      };
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('pdf print timed out')), PDF_PRINT_TIMEOUT_MS);
      });
      return await Promise.race([print(), timeout]);
    } finally {
      clearTimeout(timer);
      await browser.close();
    }
  };
}
