import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY } from '@mcp-eval/fixture-servers';
import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';

import { EXIT } from '../../cli-error.js';
import { inScratch, runCli, writeManifest } from '../../test-support/run-cli.js';
import { stdioServerYaml } from '../../test-support/server-yaml.js';
import { readPdfStructure } from './test-support/pdf-structure.js';
import { CHROMIUM_VARIABLE, DEFAULT_CHROMIUM, PDF_BROWSER_ABSENT } from './print-pdf.js';

/** Each section's heading as the html page prints it (packages/reporters/src/html). */
const HEADINGS = { cases: 'Cases', tools: 'Tools' } as const;

const manifest = `version: 1
${stdioServerYaml('reference')}
cases:
  - { id: catalog-budget, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }
  - { id: token-budget, probe: token-cost, max_total_tokens: 100000, max_tool_tokens: 50000 }
`;

/** The text pdf.js extracts from every page (it inflates the streams and maps the glyphs back). */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; items: string[] }> {
  const document = await getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const items: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) items.push(item.str);
  }
  const pages = document.numPages;
  await document.destroy();
  return { pages, items };
}

const browserPresent = existsSync(DEFAULT_CHROMIUM);
const skip = !browserPresent && process.env.CI === undefined;
if (skip)
  console.warn(`pdf-reporter.test: printing skipped, ${DEFAULT_CHROMIUM} is absent (apt-get install -y chromium); CI never skips it`);

describe('--reporter pdf', () => {
  it.skipIf(skip)(
    'prints the html page with only the chosen sections: a valid PDF, its text canary-free, no browser left running',
    async () => {
      expect(browserPresent, `${DEFAULT_CHROMIUM} is required under CI`).toBe(true);
      await inScratch(async (dir) => {
        const path = await writeManifest(dir, manifest);
        const before = runningChildren();
        const chosen = await runCli(['run', path, '--reporter', 'pdf=chosen.pdf', '--sections', 'summary,cases', '--quiet'], { cwd: dir });
        const every = await runCli(['run', path, '--reporter', 'pdf=every.pdf', '--quiet'], { cwd: dir });
        expect(await orphanedChildren(before)).toEqual([]);
        expect([chosen.code, every.code, chosen.stderr, every.stderr]).toEqual([EXIT.ok, EXIT.ok, '', '']);

        for (const name of ['chosen.pdf', 'every.pdf']) {
          const bytes = new Uint8Array(await readFile(join(dir, name)));
          const structure = readPdfStructure(bytes);
          const text = await pdfText(bytes);
          expect(structure.pages).toBe(text.pages);
          expect(structure.pages).toBeGreaterThanOrEqual(1);
          expect(() => readPdfStructure(bytes.subarray(0, bytes.byteLength - 16)), 'a truncated file is refused').toThrow();
          expect(text.items).toContain('catalog-budget');
          expect(text.items.join('\n')).not.toContain(CANARY);
          expect(Buffer.from(bytes).toString('latin1')).not.toContain(CANARY);
        }
        const chosenText = (await pdfText(new Uint8Array(await readFile(join(dir, 'chosen.pdf'))))).items;
        const everyText = (await pdfText(new Uint8Array(await readFile(join(dir, 'every.pdf'))))).items;
        // The positive control: the full page prints the tools section, so its absence below is the flag's doing.
        expect(everyText).toEqual(expect.arrayContaining([HEADINGS.cases, HEADINGS.tools]));
        // Every column of the case table is printed, the right-hand ones included, and no control that needs the script.
        expect(everyText).toEqual(expect.arrayContaining(['Passes', 'Duration', 'Measurements']));
        expect(everyText.join(' ')).toMatch(/tools=\d+/);
        expect(everyText.join(' ')).not.toMatch(/Click a bar|Data table/);
        expect(chosenText).toContain(HEADINGS.cases);
        expect(chosenText).not.toContain(HEADINGS.tools);
      });
    },
    120_000,
  );

  it('without a browser: exit 2 with the fixed line before anything connects, and no file', async () => {
    await inScratch(async (dir) => {
      const path = await writeManifest(dir, manifest);
      const result = await runCli(['run', path, '--reporter', 'pdf=out.pdf'], {
        cwd: dir,
        env: { [CHROMIUM_VARIABLE]: join(dir, 'no-such-chromium') },
      });
      expect(result.code).toBe(EXIT.usage);
      expect(result.stderr).toBe(`mcp-eval: ${PDF_BROWSER_ABSENT}\n`);
      expect(result.stdout).toBe('');
      await expect(stat(join(dir, 'out.pdf'))).rejects.toThrow();
    });
  });

  it('is a file only: a pdf on the console is exit 2', async () => {
    await inScratch(async (dir) => {
      const result = await runCli(['run', await writeManifest(dir, manifest), '--reporter', 'pdf'], { cwd: dir });
      expect(result.code).toBe(EXIT.usage);
      expect(result.stderr).toContain('reporter `pdf` writes a file');
    });
  });
});
