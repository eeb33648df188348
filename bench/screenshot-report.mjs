// Regenerates the README's screenshot of the HTML report: runs the demo (examples/demo/mcp-eval.yaml
// against the reference fixture) with the html reporter into a temporary directory, opens the page
// from file:// in the system Chromium (Debian's `chromium`, driven by playwright-core; no browser
// download) and saves docs/images/report.png. Run after `pnpm build`: node bench/screenshot-report.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'docs/images/report.png');
const work = mkdtempSync(join(tmpdir(), 'mcp-eval-screenshot-'));
const page = join(work, 'mcp-eval.html');

try {
  execFileSync(
    process.execPath,
    ['apps/cli/dist/cli.js', 'run', 'examples/demo/mcp-eval.yaml', '--allow-mutation', '--quiet', '--reporter', `html=${page}`],
    { cwd: root, stdio: 'inherit' },
  );
  // A fresh profile (playwright passes it as --user-data-dir), removed with the directory.
  const browser = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 1100 },
    colorScheme: 'light',
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(pathToFileURL(page).href);
    await tab.screenshot({ path: output });
  } finally {
    await browser.close();
  }
  console.log(`wrote ${output}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
