import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReport } from './parse-report.js';
import type { Reporter } from './reporter.js';
import { isReporterName, REPORTERS } from './registry.js';

const require = createRequire(import.meta.url);
const reportersDir = fileURLToPath(new URL('..', import.meta.url));
const coreDir = dirname(require.resolve('@mcp-eval/core/package.json'));
const protocolDir = fileURLToPath(new URL('../../protocol', import.meta.url));
const savedReport = fileURLToPath(new URL('./test-support/saved-report.json', import.meta.url));

/** Runs in the installed project: parse the saved report, render every format, print them as JSON. */
const RENDER_SCRIPT = `
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { REPORTERS, parseReport } from '@mcp-eval/reporters';

const require = createRequire(import.meta.url);
const parsed = parseReport(readFileSync(process.argv[2], 'utf8'));
if (!parsed.ok) throw new Error(parsed.errors.join('; '));
const formats = {};
for (const [name, entry] of Object.entries(REPORTERS)) {
  formats[name] = (await entry.load()).format(parsed.report, { color: name === 'pretty' });
}
const schema = JSON.parse(readFileSync(require.resolve('@mcp-eval/reporters/report.schema.json'), 'utf8'));
process.stdout.write(JSON.stringify({
  formats,
  schemaId: schema.$id,
  installedAt: realpathSync(require.resolve('@mcp-eval/reporters/package.json')),
}));
`;

/** A TypeScript consumer: the published declarations must resolve with only the declared dependencies. */
const CONSUMER_TS = `
import type { RunReport } from '@mcp-eval/core';
import { isReporterName, parseReport, REPORTERS } from '@mcp-eval/reporters';
import type { FormatOptions, ParseReportResult, Reporter, ReporterEntry, ReporterName } from '@mcp-eval/reporters';

export async function render(name: string, text: string, options: FormatOptions): Promise<string | undefined> {
  if (!isReporterName(name)) return undefined;
  const entry: ReporterEntry<ReporterName> = REPORTERS[name];
  const reporter: Reporter<ReporterName> = await entry.load();
  const parsed: ParseReportResult = parseReport(text);
  if (!parsed.ok) return parsed.errors.join('\\n');
  const report: RunReport = parsed.report;
  return reporter.format(report, options);
}
`;

// Packing and a real npm install take a while (the registry when npm's cache is cold).
describe('@mcp-eval/reporters installed from its tarball', { timeout: 600_000 }, () => {
  let project: PackedProject | undefined;

  beforeAll(async () => {
    project = await installPacked([coreDir, reportersDir], { transitive: [protocolDir] });
  }, 600_000);

  afterAll(async () => {
    await project?.remove();
  });

  it('re-renders a saved report in every format, as the workspace build does', async () => {
    const dir = project!.dir;
    await copyFile(savedReport, join(dir, 'report.json'));
    await writeFile(join(dir, 'render.mjs'), RENDER_SCRIPT);
    const output = JSON.parse(await project!.node(['render.mjs', 'report.json'])) as {
      formats: Record<string, string>;
      schemaId: string;
      installedAt: string;
    };
    // Really the installed copy, not a link back into the workspace.
    expect(output.installedAt.startsWith(dir)).toBe(true);
    expect(output.schemaId).toBe('https://mcp-eval.dev/schemas/report-v1.schema.json');

    const parsed = parseReport(await readFile(savedReport, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(Object.keys(output.formats)).toEqual(Object.keys(REPORTERS));
    const reporters: Reporter[] = await Promise.all(
      Object.keys(REPORTERS)
        .filter(isReporterName)
        .map((name) => REPORTERS[name].load()),
    );
    for (const reporter of reporters) {
      expect(output.formats[reporter.name], reporter.name).toBe(reporter.format(parsed.report, { color: reporter.name === 'pretty' }));
    }
  });

  it('ships declarations a strict TypeScript consumer can compile against', async () => {
    await project!.compileStrict(CONSUMER_TS);
  });
});
