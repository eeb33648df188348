import type { RunReport } from '@mcp-eval/core';
import type { Markup } from './markup.js';
import { h } from './markup.js';

const METER_WIDTH = 200;

/** A 0-100 score as a bar; the number beside it is the text, so the bar is decoration. */
function meter(score: number, threshold: number | undefined): Markup {
  const width = Math.round((Math.min(100, Math.max(0, score)) / 100) * METER_WIDTH);
  const mark =
    threshold === undefined
      ? ''
      : h`<line class="limit" x1="${Math.round((threshold / 100) * METER_WIDTH)}" x2="${Math.round((threshold / 100) * METER_WIDTH)}" y1="0" y2="14"></line>`;
  return h`<svg class="chart" aria-hidden="true" width="${METER_WIDTH}" height="14" viewBox="0 0 ${METER_WIDTH} 14"><rect class="b2" x="0" y="2" width="${METER_WIDTH}" height="10"></rect><rect class="b1" x="0" y="2" width="${width}" height="10"></rect>${mark}</svg>`;
}

/**
 * Lint's 0-100 scores per layer and overall, each with the layer's rules counted by status (from
 * the checks' `layer`), and the gate's threshold marked. Absent when the run has no scores.
 */
export function lintScores(report: RunReport): Markup {
  const scores = report.scores;
  if (scores === undefined) return h``;
  const layerOf = new Map(report.checks.map((check) => [check.id, check.layer]));
  const threshold = report.gate?.threshold;
  const rows = Object.entries(scores).map(([layer, score]) => {
    const rules = report.cases.filter((record) => record.kind === 'lint' && (layer === 'overall' || layerOf.get(record.check) === layer));
    const failing = rules.filter((record) => record.status === 'fail').length;
    return h`<tr><td><code>${layer}</code></td><td class="num" data-sort="${score}">${score}</td><td>${meter(score, threshold)}</td><td class="num">${rules.length}</td><td class="num">${failing}</td></tr>`;
  });
  return h`<section id="lint"><h2>Lint layers</h2>${threshold === undefined ? '' : h`<p class="muted">Gate threshold ${threshold} (dashed line).</p>`}
<table class="sortable" id="lint-scores"><thead><tr><th>Layer</th><th class="num">Score</th><th>0-100</th><th class="num">Rules</th><th class="num">Failing</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}
