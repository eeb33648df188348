import { access } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { CaseRecord, CaseSpec, Manifest, RunReport } from '@mcp-eval/core';
import { escapeLine } from '@mcp-eval/core';
import { parseReport } from '@mcp-eval/reporters';

import { EXIT, UsageError, type ExitCode } from '../cli-error.js';
import { rerunCase } from '../explain/rerun-case.js';
import { resolveTarget, type TargetRow } from '../explain/resolve-target.js';
import { formatSavedExplanation } from '../explain/saved-explanation.js';
import type { EXPLAIN_FLAGS } from '../flags/explain-flags.js';
import type { FlagValues } from '../flags/flag.js';
import type { Io } from '../io.js';
import { readManifest } from '../manifest/read-manifest.js';
import { readReportText } from '../read-report-text.js';

export type ExplainFlags = FlagValues<typeof EXPLAIN_FLAGS>;

/** Most cases one target re-runs; a target matching more lists them and asks for one (each re-run talks to the server). */
export const MAX_EXPLAINED_CASES = 5;

/** Most matching case ids the list of a target that matched too many shows. */
const MAX_LISTED = 50;

const DEFAULT_MANIFEST = 'mcp-eval.yaml';

const FORMS =
  'explain takes a case id, a `check/tool` row (e.g. `latency-budget/get_item`), a check id or a label (labels and report rows with --report <file>)';

async function readSavedReport(io: Io, file: string): Promise<RunReport> {
  const parsed = parseReport(await readReportText(io, file, `--report ${file}`, 'explain reads no larger report'));
  // parseReport's messages name JSON paths and rules, never the file's content.
  if (!parsed.ok)
    throw new UsageError(
      `--report ${file} is not an MCP Eval JSON report (${parsed.errors.length} problems, first: ${parsed.errors[0] ?? 'unknown'})`,
    );
  return parsed.report;
}

/** With --report, the manifest is optional: the one given, else mcp-eval.yaml when it exists, else none. */
async function optionalManifest(io: Io, manifestArg: string | undefined): Promise<Manifest | undefined> {
  if (manifestArg !== undefined) return readManifest(manifestArg, io);
  const exists = await access(resolve(io.cwd, DEFAULT_MANIFEST)).then(
    () => true,
    () => false,
  );
  return exists ? readManifest(DEFAULT_MANIFEST, io) : undefined;
}

function recordRow(record: CaseRecord): TargetRow {
  const labels = [...(record.label === undefined ? [] : [record.label]), ...(record.findings ?? []).map((f) => f.label)];
  return { id: record.id, check: record.check, ...(record.tool === undefined ? {} : { tool: record.tool }), labels };
}

function caseRow(spec: CaseSpec): TargetRow {
  const tool = spec.params['tool'];
  return { id: spec.id, check: spec.check, ...(typeof tool === 'string' ? { tool } : {}), labels: [] };
}

/** `  id  label label`: a matching case as the list shows it, ids and labels only, escaped. */
function listedLine(id: string, records: readonly CaseRecord[]): string {
  const labels = [...new Set(records.filter((r) => r.id === id).flatMap((r) => (r.label === undefined ? [] : [r.label])))];
  return `  ${escapeLine(id)}${labels.length === 0 ? '' : `  ${labels.join(' ')}`}`;
}

/** Several re-runs' exit: 4 only when none could reach the server, else 1 when any failed or was unevaluated. */
function combinedExit(codes: readonly ExitCode[]): ExitCode {
  if (codes.length > 0 && codes.every((code) => code === EXIT.unevaluated)) return EXIT.unevaluated;
  return codes.some((code) => code !== EXIT.ok) ? EXIT.failed : EXIT.ok;
}

/**
 * `mcp-eval explain <target> [manifest] [--report <file>]`: resolves the target (a case id, a
 * `check/tool` row, a check id or a label) against a saved report's records, or without
 * `--report` against the manifest's cases, then re-runs the matching manifest case once and prints
 * the shape of every answer. A case it cannot re-run (a scan or conformance row, a behavior case)
 * is shown as the report holds it, with a note. Several matches: each is re-run when all are
 * manifest cases it can re-run and there are at most MAX_EXPLAINED_CASES; else they are listed
 * and it exits 2 asking for one. Writes no report. Exit 0 passed (or skipped), 1 failed, 2 no or
 * several matches or a bad manifest or report, 4 the server could not be started or reached.
 */
export async function explainCommand(io: Io, target: string, manifestArg: string | undefined, flags: ExplainFlags): Promise<number> {
  const timeoutMs = flags.timeout;
  const reportFile = flags.report;
  const saved = reportFile === undefined ? undefined : await readSavedReport(io, reportFile);
  const manifest = saved === undefined ? await readManifest(manifestArg ?? DEFAULT_MANIFEST, io) : await optionalManifest(io, manifestArg);
  const source = reportFile === undefined ? (manifest?.file ?? DEFAULT_MANIFEST) : reportFile;

  const resolved = resolveTarget(target, saved === undefined ? (manifest?.cases ?? []).map(caseRow) : saved.cases.map(recordRow));
  if (resolved === undefined) throw new UsageError(`nothing in ${escapeLine(source)} matches \`${escapeLine(target)}\`; ${FORMS}`);

  const runnable = (id: string): CaseSpec | undefined => manifest?.cases.find((c) => c.id === id && c.kind !== 'behavior');
  const options = { allowMutation: flags.allowMutation, timeoutMs, showServerText: flags.showServerText };

  if (resolved.ids.length > 1) {
    const specs = resolved.ids.map(runnable).filter((spec): spec is CaseSpec => spec !== undefined);
    if (manifest === undefined || specs.length < resolved.ids.length || specs.length > MAX_EXPLAINED_CASES) {
      const listed = resolved.ids.slice(0, MAX_LISTED).map((id) => listedLine(id, saved?.cases ?? []));
      if (resolved.ids.length > MAX_LISTED) listed.push(`  … and ${resolved.ids.length - MAX_LISTED} more`);
      throw new UsageError(
        `\`${escapeLine(target)}\` (a ${resolved.form}) matches ${resolved.ids.length} cases in ${escapeLine(source)}; explain one of them:\n${listed.join('\n')}`,
      );
    }
    const codes: ExitCode[] = [];
    for (const [index, spec] of specs.entries()) {
      if (index > 0) io.stdout.write('\n');
      codes.push(await rerunCase(io, manifest, spec, options));
    }
    return combinedExit(codes);
  }

  const [id = target] = resolved.ids;
  const spec = runnable(id);
  if (manifest !== undefined && spec !== undefined) return rerunCase(io, manifest, spec, options);
  if (saved !== undefined && reportFile !== undefined) {
    const records = saved.cases.filter((r) => r.id === id);
    io.stdout.write(formatSavedExplanation(records, saved, reportFile, manifest?.file));
    return records.some((r) => r.status === 'fail' || r.status === 'error') ? EXIT.failed : EXIT.ok;
  }
  // Without a report, the one case that matched is a behavior case: it asks model columns, not the server.
  throw new UsageError(
    `\`${escapeLine(id)}\` is a behavior case (it asks model columns, not the server); run it with \`mcp-eval run --only ${escapeLine(id)}\``,
  );
}
