import type { ModelBaselineComparison } from '@mcp-eval/core';

import type { Io } from '../io.js';

const fixed = (n: number) => n.toFixed(4);

/** The model comparison on stderr: counts, then each regressed case and pooled column (ids, labels, numbers only). */
export function writeModelBaselineNote(io: Io, comparison: ModelBaselineComparison): void {
  if (comparison.cases.length === 0) return;
  const count = (verdict: string) => comparison.cases.filter((d) => d.verdict === verdict).length;
  io.stderr.write(
    `baseline (models): ${comparison.cases.length} compared, ${count('regressed')} regressed, ${count('inconclusive')} inconclusive\n`,
  );
  for (const d of comparison.cases.filter((c) => c.verdict === 'regressed')) {
    io.stderr.write(`  ${d.id} [${d.model}] ${d.check}: regressed diffLow=${fixed(d.interval.low)} diffHigh=${fixed(d.interval.high)}\n`);
  }
  for (const d of comparison.columns) {
    io.stderr.write(
      `  column ${d.model} ${d.check}: ${d.verdict} ${d.current.passes}/${d.current.trials} vs ${d.baseline.passes}/${d.baseline.trials} diffLow=${fixed(d.interval.low)} diffHigh=${fixed(d.interval.high)}\n`,
    );
  }
}
