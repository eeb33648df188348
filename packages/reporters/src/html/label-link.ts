import type { CaseRecord } from '@mcp-eval/core';
import { REPOSITORY_URL, checkDocsUrl } from '../check-docs-url.js';
import type { Markup } from './markup.js';
import { h } from './markup.js';

/**
 * The labels `--baseline` puts on a record's findings, whatever its check (core's `BASELINE_LABELS`
 * and `MODEL_BASELINE_LABELS`; a test keeps this list equal to them), by how the page orders them:
 * regressions first. Documented with `--baseline`, not on a check's page.
 */
export const BASELINE_FINDING_LABELS = {
  'pass-rate-dropped': 'regression',
  'measurement-grew': 'regression',
  regressed: 'regression',
  inconclusive: 'inconclusive',
  'budget-unmeasured': 'not-compared',
  held: 'held',
} as const satisfies Readonly<Record<string, 'regression' | 'inconclusive' | 'not-compared' | 'held'>>;

export type BaselineFindingLabel = keyof typeof BASELINE_FINDING_LABELS;

export function isBaselineLabel(label: string): label is BaselineFindingLabel {
  return Object.hasOwn(BASELINE_FINDING_LABELS, label);
}

const BASELINE_DOCS_URL = `${REPOSITORY_URL}/blob/main/docs/cli.md#gating-over-time---baseline`;

/**
 * A label links to where it is explained: a check's label to the Labels section of its docs page
 * (the page SARIF's `helpUri` names), a baseline label to `--baseline` in the CLI docs.
 */
export function labelLink(record: Pick<CaseRecord, 'check' | 'kind'>, label: string): Markup {
  const href = isBaselineLabel(label) ? BASELINE_DOCS_URL : `${checkDocsUrl({ id: record.check, kind: record.kind })}#labels`;
  return h`<a href="${href}"><code>${label}</code></a>`;
}
