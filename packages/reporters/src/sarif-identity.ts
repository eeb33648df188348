import { createHash } from 'node:crypto';
import type { CaseRecord, RunReport } from '@mcp-eval/core';

/**
 * The two identities GitHub code scanning keys alerts on. Both are built from record fields that
 * do not move when the manifest is edited, so an alert survives a re-run and an unrelated edit,
 * and closes when its case passes.
 */

/** Bump only if the recipe below changes: every open alert would be closed and reopened. */
const FINGERPRINT_RECIPE = 'mcp-eval/fingerprint/v1';

/**
 * `partialFingerprints.primaryLocationLineHash`: 16 hex digits of
 * sha256(recipe, check id, case id, tool, label[, model column]), then `:<n>` for the n-th result
 * with that identity (1 unless case ids repeat). The line is deliberately left out: inserting a
 * case above this one changes its line, not its identity. The label is in: a case failing for a
 * different reason is a different alert. A model record adds its column id, so the same case
 * failing on two columns is two alerts, each stable whatever the column order; records without a
 * column hash exactly as before, so no existing alert moves. A conformance record of a run that
 * spoke both eras adds its era the same way (the same assertion failing in both eras is two alerts);
 * records without an era hash exactly as before.
 */
export function caseFingerprint(record: CaseRecord): string {
  const fields = [FINGERPRINT_RECIPE, record.check, record.id, record.tool ?? '', record.label ?? ''];
  const qualified = record.model === undefined ? fields : [...fields, record.model];
  const identity = (record.era === undefined ? qualified : [...qualified, `era:${record.era}`]).join('\u0000');
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/**
 * `automationDetails.id`: `mcp-eval/<command>/<target>/`. Everything before the last `/` is the
 * category, which GitHub uses to tell analyses apart (and, since 2025, rejects duplicates of in one
 * file). The target is the manifest path when there is one (a repository with two manifests gets
 * two categories); a manifest-less `conformance` or `lint` run is named by its transport. The
 * protocol revision is left out: a server upgrading its protocol should not orphan its alerts. The
 * trailing `/` leaves the run id empty, so every run of the same target updates one analysis.
 */
export function automationId(report: RunReport): string {
  const target = report.manifest === undefined ? report.target.transport : slug(report.manifest);
  return `mcp-eval/${report.command}/${target}/`;
}

/** `examples/demo/mcp-eval.yaml` -> `examples-demo-mcp-eval-yaml`. */
function slug(path: string): string {
  const words = path
    .replace(/^(?:\.\/)+/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words === '' ? 'manifest' : words;
}
