import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { checks, conformanceChecks, DRIFT_CHECK_INFO, DRIFT_CLASSES, DRIFT_LABELS, LINT_RULES } from '@mcp-eval/core';
import { documentsLabel } from '@mcp-eval/core/testing';
import { checkDocsUrl, REPOSITORY_URL } from '@mcp-eval/reporters';
import { describe, expect, it } from 'vitest';

import { EXIT } from './cli-error.js';
import { runCli } from './test-support/run-cli.js';

// The README promises docs for every check, every CLI flag and every exit code; this keeps it true.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const docsPath = (url: string): string => `${repoRoot}${url.replace(`${REPOSITORY_URL}/blob/main/`, '')}`;
const cliDocs = readFileSync(`${repoRoot}docs/cli.md`, 'utf8');

const families = [
  ...checks.map((c) => ({ id: c.id, kind: c.kind, labels: Object.keys(c.labels) })),
  ...conformanceChecks.map((c) => ({ id: c.id, kind: c.kind, labels: Object.keys(c.labels) })),
  ...LINT_RULES.map((r) => ({ id: r.id, kind: 'lint' as const, labels: Object.keys(r.labels) })),
  // The drift family is one page: every label and every class it files a change under.
  { id: DRIFT_CHECK_INFO.id, kind: DRIFT_CHECK_INFO.kind, labels: [...Object.keys(DRIFT_LABELS), ...DRIFT_CLASSES] },
];

describe('docs coverage', () => {
  it.each(families.map((f) => [f.kind, f.id, f] as const))(
    'the %s %s has the page SARIF links to, naming every label',
    (_kind, _id, family) => {
      const page = docsPath(checkDocsUrl(family));
      expect(existsSync(page), page).toBe(true);
      const text = readFileSync(page, 'utf8');
      for (const label of family.labels) expect(documentsLabel(text, label), `${family.id}: ${label}`).toBe(true);
    },
  );

  it.each(['run', 'explain', 'validate', 'probes', 'report', 'merge', 'conformance', 'lint', 'init', 'scan', 'snapshot', 'models'])(
    'docs/cli.md documents every flag of `mcp-eval %s`',
    async (command) => {
      const help = await runCli([command, '--help']);
      const flags = [...new Set(help.stdout.match(/--[a-z][a-z-]*/g) ?? [])].filter((flag) => flag !== '--help');
      expect(flags.length).toBeGreaterThan(0);
      const section = cliDocs.split(/^## /m).find((s) => s.startsWith(`mcp-eval ${command}`)) ?? '';
      for (const flag of flags) expect(section, `${command} ${flag}`).toContain(`\`${flag}`);
    },
  );

  it('docs/cli.md documents every exit code', () => {
    for (const code of Object.values(EXIT)) expect(cliDocs).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'));
  });
});
