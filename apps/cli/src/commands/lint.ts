import type { CatalogBudget, CatalogListingDefect, LintLayer, RunTarget } from '@mcp-eval/core';
import { LINT_LAYERS, lintCatalog, reviewedSuppressions } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { readCatalogFile } from '../lint/read-catalog-file.js';
import { readSuppressions } from '../lint/read-suppressions.js';
import type { FlagValues } from '../flags/flag.js';
import type { LINT_FLAGS } from '../flags/lint-flags.js';
import { prepareOutput } from '../output/report-output.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { readLiveCatalog } from '../target/read-live-catalog.js';
import type { FlagTarget } from '../target/target-from-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';

export type LintFlags = FlagValues<typeof LINT_FLAGS>;

function layers(names: readonly string[]): readonly LintLayer[] | undefined {
  if (names.length === 0) return undefined;
  return names.map((name) => {
    const layer = LINT_LAYERS.find((l) => l === name);
    if (layer === undefined) throw new UsageError(`--layer must be one of: ${LINT_LAYERS.join(', ')}`);
    return layer;
  });
}

/**
 * `mcp-eval lint --catalog <file> | --stdio "<command line>" | --url <url>`: the static rules over a
 * tool catalog, scored, with the gate deciding the exit status (0 passed, 1 failed or the catalog
 * could not be read from the server, 2 invalid invocation, catalog file or suppression file).
 */
export async function lintCommand(io: Io, flags: LintFlags): Promise<number> {
  const output = await prepareOutput(flags, io, { beside: '.' });
  const threshold = flags.threshold;
  const only = layers(flags.layer);
  const catalogPath = flags.catalog;
  const live = flags.stdio !== undefined || flags.url !== undefined || flags.fromConfig !== undefined;
  if ((catalogPath !== undefined) === live)
    throw new UsageError(
      'name the catalog with exactly one of --catalog <file>, --stdio "<command line>", --url <url> or --from-config <file> --server <name>',
    );
  if (
    catalogPath !== undefined &&
    (flags.header !== undefined ||
      flags.env !== undefined ||
      flags.protocol !== undefined ||
      flags.timeout !== undefined ||
      flags.server !== undefined)
  ) {
    throw new UsageError('--header, --env, --protocol, --timeout and --server apply only to --stdio or --url (or --from-config)');
  }
  if (catalogPath !== undefined && (flags.maxCatalogBytes !== undefined || flags.maxCatalogTools !== undefined)) {
    throw new UsageError('--max-catalog-bytes and --max-catalog-tools apply only to a live server (--stdio, --url or --from-config)');
  }
  const catalogBudget = catalogBudgetFromFlags(flags);
  const server = live ? targetFromFlags(flags, io) : undefined;
  const { suppressions: fileSuppressions } = await readSuppressions(flags.suppressions, io);
  // The reviewed file's lint entries are suppressions too, so the scores and the gate follow them.
  const suppressions = [...fileSuppressions, ...reviewedSuppressions(output.reviewed.entries, output.reviewed.today)];

  let lint: ReturnType<typeof lintCatalog> | undefined;
  return output.run(
    'lint',
    async () => {
      const read =
        server === undefined
          ? { tools: await readCatalogFile(catalogPath ?? '', io), target: { transport: 'file' } as const }
          : await readServerCatalog(server, catalogBudget);
      const { tools, listing, invocationError } = read;
      lint =
        tools === undefined
          ? undefined
          : lintCatalog(tools, {
              suppressions,
              ...(threshold === undefined ? {} : { threshold }),
              ...(only ? { layers: only } : {}),
              ...(listing === undefined ? {} : { listing }),
            });
      return {
        target: read.target,
        records: lint?.cases ?? [],
        checks: lint?.checks ?? [],
        ...(lint === undefined ? {} : { scores: lint.scores, gate: lint.gate }),
        ...(invocationError === undefined ? {} : { invocationErrors: [{ label: invocationError }] }),
      };
    },
    // Below the summary, once the reports are written.
    () => {
      for (const stale of (lint?.unusedSuppressions ?? []).filter((s) => fileSuppressions.includes(s))) {
        const { file, line, column } = stale.location;
        io.stderr.write(
          `${file}:${line}:${column}: warning: suppression of ${stale.rule} for ${stale.tool} matched no finding (remove it?)\n`,
        );
      }
    },
  );
}

interface CatalogToLint {
  readonly target: RunTarget;
  readonly tools?: readonly unknown[];
  readonly listing?: CatalogListingDefect;
  /** Why no tools could be read (`connect-…`, a listing failure label). */
  readonly invocationError?: string;
}

/** Lint what was read: a listing defect after the first page is a protocol finding, not an error. */
async function readServerCatalog(server: FlagTarget, catalogBudget: CatalogBudget | undefined): Promise<CatalogToLint> {
  const catalog = await readLiveCatalog(server, { acceptListingDefects: true, ...(catalogBudget === undefined ? {} : { catalogBudget }) });
  const target: RunTarget = { transport: catalog.transport, ...(catalog.protocol === undefined ? {} : { protocol: catalog.protocol }) };
  if (!catalog.ok) return { target, invocationError: catalog.label };
  return { target, tools: [...catalog.tools, ...catalog.tooDeep], ...(catalog.listing === undefined ? {} : { listing: catalog.listing }) };
}
