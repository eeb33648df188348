import type { CatalogListingDefect, LintLayer, RunTarget } from '@mcp-eval/core';
import { createRunReport, LINT_LAYERS, lintCatalog } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { readCatalogFile } from '../lint/read-catalog-file.js';
import { readSuppressions } from '../lint/read-suppressions.js';
import { exitStatus } from '../output/exit-status.js';
import { prepareReporters } from '../output/prepare-reporters.js';
import { useColor } from '../output/use-color.js';
import { writeReports } from '../output/write-reports.js';
import { numberInRange, stringList } from '../parse-flags.js';
import type { CatalogBudgetFlags } from '../target/catalog-budget-flags.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { readLiveCatalog } from '../target/read-live-catalog.js';
import type { TargetFlags } from '../target/target-from-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';
import { cliVersion } from '../version.js';

export interface LintFlags extends TargetFlags, CatalogBudgetFlags {
  readonly catalog?: unknown;
  readonly suppressions?: unknown;
  readonly threshold?: unknown;
  readonly layer?: unknown;
  readonly reporter?: unknown;
  readonly outputDir?: string;
  readonly color?: boolean;
  readonly quiet?: boolean;
}

function layers(value: unknown): readonly LintLayer[] | undefined {
  const names = stringList(value, '--layer');
  if (names.length === 0) return undefined;
  return names.map((name) => {
    const layer = LINT_LAYERS.find((l) => l === name);
    if (layer === undefined) throw new UsageError(`--layer must be one of: ${LINT_LAYERS.join(', ')}`);
    return layer;
  });
}

function optionalPath(value: unknown, flag: string): string | undefined {
  const [path] = stringList(value, flag).slice(-1);
  return path;
}

/**
 * `mcp-eval lint --catalog <file> | --stdio "<command line>" | --url <url>`: the static rules over a
 * tool catalog, scored, with the gate deciding the exit status (0 passed, 1 failed or the catalog
 * could not be read from the server, 2 invalid invocation, catalog file or suppression file).
 */
export async function lintCommand(io: Io, flags: LintFlags): Promise<number> {
  const reporters = await prepareReporters(flags, io);
  const threshold = numberInRange(flags.threshold, '--threshold', 0, 100);
  const only = layers(flags.layer);
  const catalogPath = optionalPath(flags.catalog, '--catalog');
  const live = flags.stdio !== undefined || flags.url !== undefined || flags.fromConfig !== undefined;
  if ((catalogPath !== undefined) === live) throw new UsageError('name the catalog with exactly one of --catalog <file>, --stdio "<command line>", --url <url> or --from-config <file> --server <name>');
  if (catalogPath !== undefined && (flags.header !== undefined || flags.env !== undefined || flags.protocol !== undefined || flags.timeout !== undefined || flags.server !== undefined)) {
    throw new UsageError('--header, --env, --protocol, --timeout and --server apply only to --stdio or --url (or --from-config)');
  }
  if (catalogPath !== undefined && (flags.maxCatalogBytes !== undefined || flags.maxCatalogTools !== undefined)) {
    throw new UsageError('--max-catalog-bytes and --max-catalog-tools apply only to a live server (--stdio, --url or --from-config)');
  }
  const catalogBudget = catalogBudgetFromFlags(flags);
  const server = live ? targetFromFlags(flags, io) : undefined;
  const { suppressions } = await readSuppressions(optionalPath(flags.suppressions, '--suppressions'), io);

  const startedAt = new Date();
  const started = performance.now();
  let tools: readonly unknown[] | undefined;
  let target: RunTarget;
  let invocationError: string | undefined;
  let listing: CatalogListingDefect | undefined;
  if (server === undefined) {
    tools = await readCatalogFile(catalogPath ?? '', io);
    target = { transport: 'file' };
  } else {
    // Lint what was read: a listing defect after the first page is a protocol finding, not an error.
    const catalog = await readLiveCatalog(server, { acceptListingDefects: true, ...(catalogBudget === undefined ? {} : { catalogBudget }) });
    target = { transport: catalog.transport, ...(catalog.protocol === undefined ? {} : { protocol: catalog.protocol }) };
    if (catalog.ok) {
      tools = [...catalog.tools, ...catalog.tooDeep];
      listing = catalog.listing;
    } else invocationError = catalog.label;
  }

  const lint = tools === undefined ? undefined : lintCatalog(tools, { suppressions, ...(threshold === undefined ? {} : { threshold }), ...(only ? { layers: only } : {}), ...(listing === undefined ? {} : { listing }) });
  const report = createRunReport({
    command: 'lint',
    toolVersion: cliVersion(),
    target,
    startedAt,
    durationMs: performance.now() - started,
    records: lint?.cases ?? [],
    checks: lint?.checks ?? [],
    ...(lint === undefined ? {} : { scores: lint.scores, gate: lint.gate }),
    ...(invocationError === undefined ? {} : { invocationErrors: [{ label: invocationError }] }),
  });
  const failedWrites = await writeReports(report, reporters, io, useColor(io, flags.color));
  for (const stale of lint?.unusedSuppressions ?? []) {
    const { file, line, column } = stale.location;
    io.stderr.write(`${file}:${line}:${column}: warning: suppression of ${stale.rule} for ${stale.tool} matched no finding (remove it?)\n`);
  }
  return exitStatus(report, failedWrites);
}
