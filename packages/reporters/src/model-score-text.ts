import type { ModelColumn } from '@mcp-eval/core';

/**
 * A column's model score as every text reporter shows it, beside lint's scores: `score 87.5
 * (advisory)`, or `score 62 (gate 80: failed)` when the manifest gates it; undefined without one.
 */
export function modelScoreText(column: ModelColumn): string | undefined {
  if (column.score === undefined) return undefined;
  const gate = column.scoreGate;
  const how = gate === undefined ? 'advisory' : `gate ${String(gate.threshold)}: ${gate.passed ? 'passed' : 'failed'}`;
  return `score ${String(column.score)} (${how})`;
}
