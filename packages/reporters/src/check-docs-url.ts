import type { CheckInfo } from '@mcp-eval/core';

/** The project's home, `tool.driver.informationUri`. One constant, so a fork changes one line. */
export const REPOSITORY_URL = 'https://github.com/mcp-eval/mcp-eval';

/** Each family's docs folder: one page per check, `<folder>/<check id>.md`. */
const DOCS_FOLDER: Readonly<Record<CheckInfo['kind'], string>> = {
  dimension: 'checks',
  probe: 'checks',
  conformance: 'conformance',
  lint: 'lint',
  behavior: 'checks',
  // One page for the whole family: docs/drift.md.
  drift: '',
};

/** Where a check's page lives (a rule's `helpUri` and help text). */
export function checkDocsUrl(check: Pick<CheckInfo, 'id' | 'kind'>): string {
  const folder = DOCS_FOLDER[check.kind];
  return `${REPOSITORY_URL}/blob/main/docs/${folder === '' ? '' : `${folder}/`}${check.id}.md`;
}
