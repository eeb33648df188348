import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';

import { MAX_ITEM_DEPTH, plural } from '@mcp-eval/core';

import { EXIT, UsageError } from '../cli-error.js';
import { goldenTemplate } from '../init/golden-template.js';
import { renderManifest } from '../init/render-manifest.js';
import { schemaComment } from '../init/schema-comment.js';
import { starterCases } from '../init/starter-cases.js';
import { toolProfiles } from '../init/tool-profile.js';
import type { ToolProfile } from '../init/tool-profile.js';
import { writtenServer } from '../init/written-server.js';
import type { FlagValues } from '../flags/flag.js';
import type { INIT_FLAGS } from '../flags/init-flags.js';
import type { Io } from '../io.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { readLiveCatalog } from '../target/read-live-catalog.js';
import { targetFromFlags } from '../target/target-from-flags.js';
import { cliVersion } from '../version.js';

export type InitFlags = FlagValues<typeof INIT_FLAGS>;

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** The OS error code of a failed write (`EACCES`, `ENOTDIR`…): our own file system's word, safe to print. */
function fsErrorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? code : 'write-failed';
}

/** Writes the manifest, creating the folders `--out` names; a path that cannot be written is exit 2, not a crash. */
async function writeManifest(out: string, outArg: string, text: string): Promise<void> {
  try {
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, text, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot write ${outArg} (${fsErrorCode(error)}); nothing was written`);
  }
}

/**
 * `mcp-eval init --stdio "<command line>" | --url <url>`: connects, reads the whole catalog, and
 * writes a starter manifest with one case per dimension and probe. It writes tool names (valid MCP
 * names only), argument skeletons (required property names with placeholders) and numbers: never
 * a description, enum value or anything else the server said. Exit 0 when written, 1 when the
 * catalog could not be read, 2 for an invalid invocation, an existing file without --force, or an
 * `--out` that cannot be written (missing folders are created).
 */
/** Why some read-only tools are never vouched for or called repeatedly: open-world is the spec's default. */
function openWorldNote(tools: readonly ToolProfile[]): string[] {
  const count = tools.filter((t) => t.readOnly && t.openWorld).length;
  if (count === 0) return [];
  return [
    `# ${plural(count, 'read-only tool')} ${count === 1 ? 'is' : 'are'} open-world under the MCP spec's defaults (no openWorldHint: false): init writes`,
    '# no `read_only: true` for them and no load, latency, degradation or contention case that calls them over and over.',
  ];
}

export async function initCommand(io: Io, flags: InitFlags): Promise<number> {
  const flagTarget = targetFromFlags(flags, io);
  const outArg = flags.out ?? 'mcp-eval.yaml';
  const out = resolve(io.cwd, outArg);
  if (!flags.force && (await exists(out))) throw new UsageError(`${outArg} already exists; use --force to overwrite it`);

  const catalogBudget = catalogBudgetFromFlags(flags);
  const catalog = await readLiveCatalog(flagTarget, catalogBudget === undefined ? {} : { catalogBudget });
  if (!catalog.ok) {
    io.stderr.write(`mcp-eval: could not read the server's tool catalog (${catalog.label}); nothing was written\n`);
    return EXIT.failed;
  }
  const tools = toolProfiles(catalog.tools);
  const skipped = catalog.tools.length - tools.length;
  const { cases, omitted } = starterCases(catalog.tools, tools);
  const { server, notes } = writtenServer(flagTarget.written);
  const manifestDir = dirname(out);
  const serverCwd = server.transport === 'stdio' && manifestDir !== io.cwd ? relative(manifestDir, io.cwd) || '.' : undefined;
  const header = [
    ...(await schemaComment(manifestDir)),
    `# Written by \`mcp-eval init\` ${cliVersion()} from the server's tool catalog (${plural(catalog.tools.length, 'tool')}, protocol ${catalog.protocol}).`,
    '# It holds tool names and argument placeholders only; every `# TODO` needs a person. Check it with',
    '# `mcp-eval validate`, run it with `mcp-eval run`, and list every check with `mcp-eval probes`.',
    ...(skipped > 0
      ? [
          `# ${plural(skipped, 'tool')} ${skipped === 1 ? 'was' : 'were'} left out: names or required argument names that are not plain identifiers.`,
        ]
      : []),
    ...(catalog.tooDeep.length > 0
      ? [
          `# ${plural(catalog.tooDeep.length, 'tool')} nested deeper than ${MAX_ITEM_DEPTH} levels ${catalog.tooDeep.length === 1 ? 'was' : 'were'} left out (discovery-cost and token-cost fail them as schema-too-deep).`,
        ]
      : []),
    ...omitted.map((check) => `# No case for ${check}: no tool could be chosen for it.`),
    ...openWorldNote(tools),
  ];
  const text = renderManifest({
    header,
    server,
    secretNotes: notes,
    ...(serverCwd === undefined ? {} : { cwd: serverCwd }),
    cases,
    golden: goldenTemplate(tools),
  });
  await writeManifest(out, outArg, text);
  io.stdout.write(
    `wrote ${outArg}: ${plural(cases.length, 'case')} from ${tools.length} of ${plural(catalog.tools.length, 'tool')}; finish the TODOs, then run \`mcp-eval validate ${outArg}\`\n`,
  );
  return EXIT.ok;
}
