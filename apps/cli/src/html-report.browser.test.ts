import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { CANARY } from '@mcp-eval/fixture-servers';
import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runBin, scratchDir } from './test-support/run-cli.js';

/** Debian's `chromium` (`.ci/run` installs it); playwright-core drives it, nothing is downloaded. */
const CHROMIUM = '/usr/bin/chromium';
/** The bound for the demo report. */
const DEMO_REPORT_MAX_BYTES = 300 * 1024;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The landmarks the demo's page must show: a screenshot is compared by these, not by pixels. */
const LANDMARKS = [
  'header',
  '#totals',
  '#tools',
  '#chart-tokens',
  '#chart-latency',
  '#models',
  '#model-matrix',
  '#cases-section',
  '#case-filters',
] as const;

const browserPresent = existsSync(CHROMIUM);
// Only a developer machine without Chromium may skip; under CI the test runs and says what is missing.
const skip = !browserPresent && process.env.CI === undefined;
if (skip) console.warn(`html-report.browser.test: skipped, ${CHROMIUM} is absent (apt-get install -y chromium); CI never skips it`);

describe.skipIf(skip)('the demo html report in a real browser (Chromium from file://)', () => {
  let dir = '';
  let cleanup: () => Promise<void> = async () => {};
  let context: BrowserContext | undefined;
  let before: number[] = [];
  let page = '';
  let caseCount = 0;
  const requests: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    expect(browserPresent, `${CHROMIUM} is required under CI (.ci/run installs Debian's chromium)`).toBe(true);
    ({ dir, cleanup } = await scratchDir());
    page = join(dir, 'mcp-eval.html');
    const run = await runBin(
      [
        'run',
        'examples/demo/mcp-eval.yaml',
        '--allow-mutation',
        '--quiet',
        '--reporter',
        `html=${page}`,
        '--reporter',
        `json=${join(dir, 'run.json')}`,
      ],
      { cwd: ROOT },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    caseCount = (JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { cases: unknown[] }).cases.length;
    before = runningChildren();
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 1100 },
    });
  });

  afterAll(async () => {
    await context?.close();
    expect(await orphanedChildren(before)).toEqual([]);
    await cleanup();
  });

  async function open(): Promise<Page> {
    if (context === undefined) throw new Error('no browser');
    const tab = await context.newPage();
    tab.on('request', (request) => requests.push(request.url()));
    tab.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    tab.on('pageerror', (error) => consoleErrors.push(error.name));
    await tab.goto(pathToFileURL(page).href);
    return tab;
  }

  const visibleRows = (tab: Page) => tab.locator('#cases tbody tr:visible').count();

  it(`is one file under ${DEMO_REPORT_MAX_BYTES / 1024} KB with no server text in it`, async () => {
    const { size } = await stat(page);
    expect(size).toBeLessThan(DEMO_REPORT_MAX_BYTES);
    expect(await readFile(page, 'utf8')).not.toContain(CANARY);
  });

  it('renders the tables and charts, filters by status and tool, sorts, with no console error and no request but the file', async () => {
    const tab = await open();
    expect(await tab.locator('#cases tbody tr').count()).toBe(caseCount);
    expect(await visibleRows(tab)).toBe(caseCount);
    await expect.poll(() => tab.locator('#case-filters').isVisible()).toBe(true);

    // Every demo case passes: the fail filter hides every row, pass shows them all again.
    await tab.click('#case-filters button[data-status="fail"]');
    expect(await visibleRows(tab)).toBe(0);
    expect(await tab.textContent('#cases-shown')).toBe(`0 of ${caseCount} shown`);
    await tab.click('#case-filters button[data-status="pass"]');
    expect(await visibleRows(tab)).toBe(caseCount);

    // A tool filter, then a click on a chart bar sets it to the bar's tool.
    await tab.selectOption('select[data-filter="tool"]', 'echo');
    const echoRows = await visibleRows(tab);
    expect(echoRows).toBeGreaterThan(0);
    expect(echoRows).toBeLessThan(caseCount);
    for (const tool of await tab.locator('#cases tbody tr:visible').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tool'))))
      expect(tool).toBe('echo');
    await tab.click('#chart-tokens g.row[data-tool="add"] rect.b1');
    expect(await tab.inputValue('select[data-filter="tool"]')).toBe('add');
    await tab.selectOption('select[data-filter="tool"]', '');
    expect(await visibleRows(tab)).toBe(caseCount);

    // Sorting by case id, ascending then descending.
    const ids = () => tab.locator('#cases tbody tr td:nth-child(2) code').allTextContents();
    await tab.click('#cases thead th:nth-child(2) button');
    const ascending = await ids();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    await tab.click('#cases thead th:nth-child(2) button');
    expect(await ids()).toEqual([...ascending].reverse());

    // The charts are drawn: bars with width, an accessible title, a table fallback.
    const tokenBars = await tab.locator('#chart-tokens g.row').count();
    expect(tokenBars).toBeGreaterThan(5);
    expect((await tab.locator('#chart-tokens svg').boundingBox())?.width).toBeGreaterThan(300);
    expect(await tab.locator('#chart-tokens svg title#chart-tokens-t').textContent()).toContain('Token cost per tool');
    expect(await tab.locator('#chart-tokens details table tbody tr').count()).toBe(tokenBars);
    expect(await tab.locator('#chart-latency g.row rect.b2').count()).toBeGreaterThan(0);
    expect(await tab.locator('#model-matrix line.ci').count()).toBeGreaterThan(0);

    // The screenshot, compared by structure: each landmark drawn, with a box inside the image.
    const shot = await tab.screenshot({ path: join(dir, 'report.png'), fullPage: true });
    expect(shot.subarray(1, 4).toString('latin1')).toBe('PNG');
    const width = shot.readUInt32BE(16);
    const height = shot.readUInt32BE(20);
    expect(width).toBe(1280);
    for (const landmark of LANDMARKS) {
      const box = await tab.locator(landmark).first().boundingBox();
      expect(box, landmark).not.toBeNull();
      if (box === null) continue;
      expect(box.width * box.height, landmark).toBeGreaterThan(0);
      expect(box.x + box.width, landmark).toBeLessThanOrEqual(width + 1);
      expect(box.y + box.height, landmark).toBeLessThanOrEqual(height + 1);
    }
    // Every column of the case table is on the page at this width, the last ones included.
    for (const heading of ['Passes', 'Duration', 'Measurements', 'Findings']) {
      const box = await tab.locator('#cases thead th', { hasText: heading }).first().boundingBox();
      expect(box, heading).not.toBeNull();
      if (box !== null) expect(box.x + box.width, heading).toBeLessThanOrEqual(width + 1);
    }
    await tab.close();
    expect(consoleErrors).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(url.startsWith('file://')).toBe(true);
  });

  it('reads with JavaScript off: every table is there, the filters stay hidden', async () => {
    if (context === undefined) throw new Error('no browser');
    const browser = await chromium.launchPersistentContext(join(dir, 'profile-nojs'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      javaScriptEnabled: false,
    });
    try {
      const tab = await browser.newPage();
      await tab.goto(pathToFileURL(page).href);
      expect(await tab.locator('#cases tbody tr:visible').count()).toBe(caseCount);
      expect(await tab.locator('#case-filters').isVisible()).toBe(false);
      expect(await tab.locator('#chart-tokens svg g.row').count()).toBeGreaterThan(0);
      expect(await tab.locator('#model-matrix tbody tr').count()).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
