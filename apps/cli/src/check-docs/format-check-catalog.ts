import { pushAll } from '@mcp-eval/protocol';
import type { CheckCatalog, CheckDoc, LabelDoc, ParameterDoc } from './describe-checks.js';

/** Left column padded to the widest entry, so a block reads as a table. */
function columns(rows: readonly (readonly string[])[], indent: string): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    `${indent}${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')}`.trimEnd(),
  );
}

function parameterRow(p: ParameterDoc): string[] {
  const accepts = p.default === undefined ? p.accepts : `${p.accepts}, default ${JSON.stringify(p.default)}`;
  return [p.name, p.required ? 'required' : 'optional', accepts, p.description ?? ''];
}

function labelRows(labels: readonly LabelDoc[]): string[][] {
  return labels.map((l) => [l.label, l.meaning]);
}

function heading(check: CheckDoc): string {
  const qualifiers = [check.kind, check.layer, check.severity].filter((q) => q !== undefined);
  return `${check.id} (${qualifiers.join(', ')}): ${check.title}`;
}

function block(check: CheckDoc): string[] {
  const lines = [heading(check), `  ${check.summary}`];
  if (check.parameters.length > 0) pushAll(lines, ['  parameters:', ...columns(check.parameters.map(parameterRow), '    ')]);
  pushAll(lines, ['  labels:', ...columns(labelRows(check.labels), '    ')]);
  return lines;
}

const SECTIONS: readonly { readonly title: string; readonly kind: CheckDoc['kind'] }[] = [
  { title: 'Headline dimensions (`dimension:` in a manifest case)', kind: 'dimension' },
  { title: 'Probes (`probe:` in a manifest case)', kind: 'probe' },
  { title: 'Conformance checks (`mcp-eval conformance`)', kind: 'conformance' },
  { title: 'Lint rules (`mcp-eval lint`)', kind: 'lint' },
  { title: 'Model checks (`behavior:` in a manifest case, on every model column)', kind: 'behavior' },
];

/** The readable form of `mcp-eval probes`: sections by kind, one block per check, then shared labels. */
export function formatCheckCatalog(catalog: CheckCatalog): string {
  const lines: string[] = [];
  for (const section of SECTIONS) {
    const docs = catalog.checks.filter((c) => c.kind === section.kind);
    if (docs.length === 0) continue;
    lines.push(`== ${section.title}`, '');
    for (const doc of docs) pushAll(lines, [...block(doc), '']);
  }
  if (catalog.caseKeys.length > 0 && catalog.checks.some((c) => c.kind === 'dimension' || c.kind === 'probe')) {
    pushAll(lines, [
      "== Keys every manifest case takes besides its check's parameters",
      '',
      ...columns(catalog.caseKeys.map(parameterRow), '  '),
      '',
    ]);
  }
  if (catalog.engineLabels.length > 0) {
    pushAll(lines, [
      '== Labels any case can get from the engine (status error)',
      '',
      ...columns(labelRows(catalog.engineLabels), '  '),
      '',
    ]);
  }
  if (catalog.baselineLabels.length > 0) {
    pushAll(lines, ['== Labels `run --baseline` can put on a case', '', ...columns(labelRows(catalog.baselineLabels), '  '), '']);
  }
  return lines.join('\n');
}
