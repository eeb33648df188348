import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { BASELINE_LABELS, MODEL_BASELINE_LABELS, summarize } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';
import { REPORT_SECTIONS } from '../report-sections.js';
import { REPOSITORY_URL } from '../check-docs-url.js';
import { behaviorReport, mixedReport, unlocatedReport } from '../test-support/fixture-reports.js';
import { MAX_CHART_ROWS } from './bar-chart.js';
import { MAX_HTML_FINDINGS_PER_CASE } from './case-table.js';
import { html } from './html.js';
import { BASELINE_FINDING_LABELS } from './label-link.js';

function withCases(base: RunReport, cases: CaseRecord[]): RunReport {
  return { ...base, cases, summary: summarize(cases) };
}

/** The rows of one table, by id: the text between its `<tbody>` tags split at each row. */
function rowsOf(page: string, tableId: string): string[] {
  const table = new RegExp(`<table[^>]*id="${tableId}"[^>]*>[\\s\\S]*?<tbody>([\\s\\S]*?)</tbody>`).exec(page);
  return table?.[1]?.split('<tr').slice(1) ?? [];
}

/** Case ids, a manifest path and locations may hold any text; tool names only the MCP name rules' odd characters. */
const CANARY = 'CANARY-9c1e';
const HOSTILE_ID = `</td><script>alert("${CANARY}")</script><img src=x onerror='${CANARY}'>&amp;`;
const ODD_TOOLS = ['a/../b', '..', '-x.y_z', 'A.B/C-D_E', '<invalid-tool-name>'] as const;

const hostileCases: CaseRecord[] = [
  ...ODD_TOOLS.map((tool, index): CaseRecord => ({
    id: `${HOSTILE_ID}-${index}`,
    kind: 'probe',
    check: 'latency-budget',
    status: 'fail',
    label: 'over-budget',
    tool,
    measurements: { p50LatencyMs: 5 + index, p95LatencyMs: 9 + index },
    runs: 1,
    passes: 0,
    passRate: 0,
    location: { file: `${HOSTILE_ID}.yaml`, line: 1, column: 1 },
    durationMs: 3,
  })),
  {
    id: HOSTILE_ID,
    kind: 'probe',
    check: 'token-cost',
    status: 'pass',
    measurements: { maxToolTokens: 600 },
    findings: ODD_TOOLS.map((tool) => ({ tool, label: 'tool-tokens', pointer: `/${HOSTILE_ID}`, measurements: { tokens: 70 } })),
    runs: 1,
    passes: 1,
    passRate: 1,
    durationMs: 1,
    model: 'col-1',
  },
];
const hostile: RunReport = { ...withCases(mixedReport, hostileCases), manifest: `${HOSTILE_ID}.yaml` };

describe('the html reporter', () => {
  it('renders every family: header, totals, cases, charts, lint layers, model matrix, suppressed findings', () => {
    const page = html.format(mixedReport);
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(rowsOf(page, 'cases')).toHaveLength(mixedReport.cases.length);
    for (const record of mixedReport.cases) expect(page).toContain(`<code>${record.id}</code>`);
    expect(page).toContain(`<div class="total s-fail"><b>${mixedReport.summary.fail}</b>fail</div>`);
    expect(page).toContain('failed, threshold 70 (critical-finding)');
    expect(page).toContain('<code>connect-crashed</code>');
    // The token chart from the token-cost findings, with its budget line and table fallback.
    expect(page).toMatch(/<figure id="chart-tokens">[\s\S]*<svg class="chart" role="img" aria-labelledby="chart-tokens-t chart-tokens-d"/);
    expect(page).toMatch(/<g class="row" data-tool="big_tool"><title>big_tool: tokens 812 tokens<\/title>/);
    expect(page).toContain('<line class="limit"');
    expect(page).toContain('<summary>Data table</summary>');
    expect(rowsOf(page, 'lint-scores').map((row) => /<code>([a-z]+)<\/code>/.exec(row)?.[1])).toEqual([
      'overall',
      'protocol',
      'quality',
      'security',
    ]);
    // The suppressed finding is struck through with its badge, in its case and in its own section.
    const reviewed = rowsOf(page, 'reviewed-findings');
    expect(reviewed).toHaveLength(1);
    expect(reviewed[0]).toMatch(/class="reviewed".*<code>hidden-instructions<\/code>.*<code>search<\/code>.*suppressed/s);
    expect(page).toMatch(/<li class="reviewed"><code>search<\/code> .*hidden-instruction.*suppressed<\/span><\/li>/);
    expect(page).not.toContain('id="model-matrix"');

    const models = html.format(behaviorReport);
    const header = /<table class="sortable" id="model-matrix"><thead><tr>(.*?)<\/tr>/.exec(models)?.[1] ?? '';
    expect(header.match(/<th><code>([a-z-]+)<\/code><\/th>/g)).toEqual(
      ['gpt', 'local', 'lexical'].map((id) => `<th><code>${id}</code></th>`),
    );
    expect(rowsOf(models, 'model-columns')).toHaveLength(3);
    // A Wilson interval drawn as a range: the bar from low to high, the dot at the rate.
    expect(models).toMatch(/<line class="ci" x1="\d+" x2="\d+" y1="6" y2="6"><\/line><circle class="pt"/);
    expect(models).toMatch(/\d+\/\d+ \d\.\d\d \[\d\.\d\d, \d\.\d\d\]/);

    const conformance = html.format(unlocatedReport);
    expect(rowsOf(conformance, 'cases')).toHaveLength(4);
    expect(conformance).toContain(`href="${REPOSITORY_URL}/blob/main/docs/conformance/session-id-header.md#labels"`);
    expect(conformance).not.toContain('id="lint"');
  });

  it('escapes every record string (case ids, manifest paths, pointers, odd tool names) in text and attributes', () => {
    const page = html.format(hostile);
    // One script element, the report's own; no image, no injected handler.
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toMatch(/<img|<[a-z][^>]*\son[a-z]+=/i);
    expect(page).toContain(
      '&lt;/td&gt;&lt;script&gt;alert(&quot;CANARY-9c1e&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;CANARY-9c1e&#39;&gt;&amp;amp;',
    );
    // Canaries appear only where a record allows free text, and always escaped.
    expect(page.split(CANARY).length - 1).toBeGreaterThan(0);
    for (const [index, piece] of page.split(CANARY).entries())
      if (index > 0) expect(piece.startsWith('&quot;)&lt;/script&gt;') || piece.startsWith('&#39;&gt;')).toBe(true);
    for (const tool of ODD_TOOLS) {
      const escaped = tool.replace('<', '&lt;').replace('>', '&gt;');
      expect(page).toContain(`data-tool="${escaped}"`);
      expect(page).toContain(`<code>${escaped}</code>`);
    }
    expect(page).not.toContain('<invalid-tool-name>');
    expect(rowsOf(page, 'cases')).toHaveLength(hostileCases.length);
  });

  it('fetches nothing: a CSP refusing every load, no src or stylesheet link, and https only in the docs anchors', () => {
    for (const report of [mixedReport, behaviorReport, unlocatedReport, hostile]) {
      const page = html.format(report);
      expect(page).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;sha256-[A-Za-z0-9+/=]+&#39;;/,
      );
      expect(page).not.toMatch(/<[a-z][^>]*\s(src|srcset|data|action|formaction)=|<link rel="stylesheet"|@import|url\(/i);
      const urls = page.match(/https?:\/\/[^\s"'<>]*/g) ?? [];
      expect(urls.length).toBeGreaterThan(0);
      const anchors = page.match(/<a href="https:\/\/[^"]*"/g) ?? [];
      expect(anchors).toHaveLength(urls.length);
      for (const url of urls) {
        expect(url).toMatch(
          new RegExp(
            `^${REPOSITORY_URL}/blob/main/docs/((checks|conformance|lint)/[a-z0-9-]+\\.md#labels|cli\\.md#gating-over-time---baseline)$`,
          ),
        );
      }
    }
  });

  it('strikes reviewed records through with the entry that accepted them, lists stale and expired entries, shows eras, and a reviewed failure does not fail the verdict', () => {
    const at = { file: 'mcp-eval.reviewed.yaml', line: 3, column: 5 };
    const cases: CaseRecord[] = [
      {
        id: 'session-id-header',
        kind: 'conformance',
        check: 'session-id-header',
        status: 'fail',
        label: 'session-id-missing',
        measurements: {},
        runs: 1,
        passes: 0,
        passRate: 0,
        durationMs: 9,
        era: 'legacy',
        reviewed: at,
      },
      {
        id: 'session-id-header',
        kind: 'conformance',
        check: 'session-id-header',
        status: 'pass',
        measurements: {},
        runs: 1,
        passes: 1,
        passRate: 1,
        durationMs: 9,
        era: 'modern',
      },
      {
        id: 'description-length',
        kind: 'lint',
        check: 'quality-description-length',
        status: 'fail',
        label: 'description-too-short',
        tool: 'echo',
        measurements: {},
        runs: 1,
        passes: 0,
        passRate: 0,
        durationMs: 2,
        reviewed: { ...at, line: 7 },
      },
    ];
    const report: RunReport = {
      ...withCases(unlocatedReport, cases),
      target: { transport: 'http' },
      reviewedEntries: [
        { family: 'conformance', check: 'session-id-header', location: at, state: 'applied' },
        { family: 'lint', check: 'quality-description-length', tool: 'echo', location: { ...at, line: 7 }, state: 'applied' },
        { family: 'probe', check: 'latency-budget', tool: 'gone_tool', location: { ...at, line: 11 }, state: 'stale' },
        { family: 'behavior', check: 'tool-selection', model: 'gpt', location: { ...at, line: 15 }, state: 'expired' },
      ],
    };
    const page = html.format(report);
    expect(page).toContain('<b>passed: no case failed or errored (2 reviewed)</b>');
    expect(page).toContain('eras legacy and modern (each case says its era)');
    const rows = rowsOf(page, 'cases');
    expect(rows.filter((row) => row.includes('class="reviewed"'))).toHaveLength(2);
    expect(rows[0]).toContain('title="accepted by mcp-eval.reviewed.yaml:3:5">reviewed</span>');
    expect(rows[1]).not.toContain('reviewed');
    expect(rows.map((row) => /data-era="([a-z]*)"/.exec(row)?.[1])).toEqual(['legacy', 'modern', '']);
    expect(page).toContain(
      '<select data-filter="era"><option value="">all</option><option value="legacy">legacy</option><option value="modern">modern</option></select>',
    );
    expect(rowsOf(page, 'reviewed-cases').map((row) => /mcp-eval\.reviewed\.yaml:(\d+):5/.exec(row)?.[1])).toEqual(['3', '7']);
    expect(rowsOf(page, 'reviewed-entries').map((row) => /data-state="([a-z]+)"/.exec(row)?.[1])).toEqual([
      'applied',
      'applied',
      'stale',
      'expired',
    ]);
    expect(page).toContain('<code>gone_tool</code>');
    // Without the review the same failures fail the verdict.
    const unreviewed = html.format(
      withCases(
        unlocatedReport,
        cases.map(({ reviewed: _, ...record }) => record),
      ),
    );
    expect(unreviewed).toContain('<b>failed: a case failed or errored</b>');
    expect(unreviewed).not.toContain('id="reviewed"');
  });

  it('renders only the chosen sections, in page order whatever order they are given in', () => {
    const all = html.format(mixedReport);
    expect(html.format(mixedReport, { sections: [...REPORT_SECTIONS] })).toBe(all);
    const some = html.format(mixedReport, { sections: ['reviewed', 'summary'] });
    expect(some).toContain('<header>');
    expect(some).toContain('id="reviewed"');
    expect(some.indexOf('<header>')).toBeLessThan(some.indexOf('id="reviewed"'));
    for (const id of ['cases-section', 'tools', 'lint']) {
      expect(all).toContain(`id="${id}"`);
      expect(some).not.toContain(`id="${id}"`);
    }
    const models = html.format(behaviorReport, { sections: ['models'] });
    expect(models).toContain('id="model-matrix"');
    expect(models).not.toContain('<header>');
  });

  it('draws the baseline comparison the records carry, regressions first, its labels linked to --baseline', () => {
    const cases: CaseRecord[] = [
      {
        id: 'tool-picks',
        kind: 'behavior',
        check: 'tool-selection',
        status: 'pass',
        measurements: {},
        findings: [{ label: 'held', measurements: { diffLow: -0.1, diffHigh: 0.2 } }],
        runs: 5,
        passes: 5,
        passRate: 1,
        durationMs: 1,
        model: 'gpt',
      },
      {
        id: 'budget',
        kind: 'probe',
        check: 'token-cost',
        status: 'pass',
        measurements: {},
        findings: [{ label: 'budget-unmeasured', pointer: 'totalTokens' }],
        runs: 1,
        passes: 1,
        passRate: 1,
        durationMs: 1,
      },
      {
        id: 'echo-fast',
        kind: 'probe',
        check: 'latency-budget',
        status: 'fail',
        label: 'pass-rate-dropped',
        tool: 'echo',
        measurements: {},
        findings: [{ label: 'pass-rate-dropped', measurements: { passRate: 0.6, baselinePassRate: 1, drop: 0.4, maxDrop: 0.02 } }],
        runs: 5,
        passes: 3,
        passRate: 0.6,
        durationMs: 1,
      },
      {
        id: 'tool-picks',
        kind: 'behavior',
        check: 'tool-selection',
        status: 'fail',
        label: 'regressed',
        measurements: {},
        findings: [{ label: 'regressed', measurements: { diffLow: -0.9, diffHigh: -0.2 } }],
        runs: 5,
        passes: 1,
        passRate: 0.2,
        durationMs: 1,
        model: 'lexical',
      },
    ];
    const page = html.format(withCases(behaviorReport, cases));
    expect(page.indexOf('id="baseline"')).toBeGreaterThan(page.indexOf('<header>'));
    expect(page.indexOf('id="baseline"')).toBeLessThan(page.indexOf('id="model-matrix"'));
    expect(page).toContain('<b class="gate-fail">2 regressions</b>');
    const rows = rowsOf(page, 'baseline-findings');
    expect(rows.map((row) => /data-verdict="([a-z-]+)"/.exec(row)?.[1])).toEqual(['regression', 'regression', 'not-compared', 'held']);
    expect(rows[0]).toContain('<code>echo-fast</code>');
    expect(rows[0]).toContain('passRate=0.6 baselinePassRate=1 drop=0.4 maxDrop=0.02');
    expect(rows[1]).toContain('<code>lexical</code>');
    expect(page).toContain(`<a href="${REPOSITORY_URL}/blob/main/docs/cli.md#gating-over-time---baseline"><code>regressed</code></a>`);
    expect(html.format(behaviorReport)).not.toContain('id="baseline"');
  });

  it('knows every label --baseline can put on a finding, and only those', () => {
    expect(Object.keys(BASELINE_FINDING_LABELS).sort()).toEqual(
      [...Object.keys(BASELINE_LABELS), ...Object.keys(MODEL_BASELINE_LABELS)].sort(),
    );
  });

  it(`lists at most ${MAX_HTML_FINDINGS_PER_CASE} findings per case and charts at most ${MAX_CHART_ROWS} rows, counting the rest`, () => {
    const tools = Array.from({ length: MAX_HTML_FINDINGS_PER_CASE + 20 }, (_, index) => `tool_${index}`);
    const big: CaseRecord = {
      id: 'many-tools',
      kind: 'probe',
      check: 'token-cost',
      status: 'pass',
      measurements: {},
      findings: tools.map((tool, index) => ({ tool, label: 'tool-tokens', measurements: { tokens: index + 1 } })),
      runs: 1,
      passes: 1,
      passRate: 1,
      durationMs: 1,
    };
    const { invocationErrors: _, ...noErrors } = mixedReport;
    const page = html.format(withCases(noErrors, [big]));
    expect(page.match(/<li>/g)).toHaveLength(MAX_HTML_FINDINGS_PER_CASE);
    expect(page).toContain('and 20 more');
    const chart = /<svg class="chart" role="img" aria-labelledby="chart-tokens-t[\s\S]*?<\/svg>/.exec(page)?.[0] ?? '';
    expect(chart.match(/<g class="row"/g)).toHaveLength(MAX_CHART_ROWS);
    expect(page).toContain(`${tools.length - MAX_CHART_ROWS} more rows not charted (limit ${MAX_CHART_ROWS}).`);
    // Largest first: the last tool has the most tokens.
    expect(chart).toMatch(new RegExp(`^[\\s\\S]*?data-tool="tool_${tools.length - 1}"`));
  });

  it('reads timed cases honestly: a failed call and a cut-off call are marked, never drawn as latencies, and the one budget is a line', () => {
    const timed = (id: string, status: CaseRecord['status'], label: string, measurements: CaseRecord['measurements']): CaseRecord => ({
      id,
      kind: 'probe',
      check: id.split('/')[0] ?? id,
      status,
      label,
      tool: 'slow_tool',
      measurements,
      runs: 1,
      passes: status === 'pass' ? 1 : 0,
      passRate: status === 'pass' ? 1 : 0,
      durationMs: 5,
    });
    const cases = [
      timed('latency-budget/ok', 'pass', 'within-budget', { p50LatencyMs: 4, p95LatencyMs: 9, maxLatencyBudgetMs: 1000 }),
      timed('latency-budget/cut', 'fail', 'latency-exceeded', {
        latencyMs: 1000.4,
        p50LatencyMs: 1000.4,
        maxLatencyBudgetMs: 1000,
        cutoffMs: 1000,
      }),
      timed('degradation-over-n/broken', 'fail', 'failed-from-start', { p50LatencyMs: 3, p95LatencyMs: 3, maxLatencyBudgetMs: 1000 }),
    ];
    const { invocationErrors: _, ...noErrors } = mixedReport;
    const page = html.format(withCases(noErrors, cases));
    const chart = /<figure id="chart-latency">[\s\S]*?<\/figure>/.exec(page)?.[0] ?? '';
    // Rows are cases, so the chart says so.
    expect(chart).toContain('<figcaption>Latency per case (ms)</figcaption>');
    expect(chart).toMatch(/<rect class="b1 cut-off"[^>]*><\/rect>\s*<text[^>]*>\u2265 1000 \(cut off\)<\/text>/);
    expect(chart).toMatch(/<rect class="b1 failed"[^>]*><\/rect>\s*<text[^>]*>3 \(failed\)<\/text>/);
    expect(chart.match(/class="b1"/g)).toHaveLength(1);
    expect(chart).toContain('<line class="limit"');
    expect(chart).toContain('maxLatencyBudgetMs 1000');
    // A line is drawn only for a budget every charted case shares.
    const mixed = html.format(withCases(noErrors, [...cases, timed('latency-budget/other', 'pass', 'within-budget', { latencyMs: 2 })]));
    expect(/<figure id="chart-latency">[\s\S]*?<\/figure>/.exec(mixed)?.[0]).not.toContain('<line class="limit"');
  });

  it('shows a count only where it means something, and leaves out columns no case fills', () => {
    const base: CaseRecord = {
      id: 'x',
      kind: 'conformance',
      check: 'invalid-cursor',
      status: 'pass',
      measurements: {},
      runs: 1,
      passes: 0,
      passRate: 0,
      durationMs: 2,
    };
    const cases: CaseRecord[] = [
      { ...base, id: 'unmet', label: 'should-unmet', findings: [{ label: 'tools-wrong-code' }] },
      { ...base, id: 'skipped', status: 'skip', label: 'era-legacy' },
      { ...base, id: 'held', passes: 1, passRate: 1, label: 'cursor-refused' },
    ];
    const { invocationErrors: _, ...noErrors } = mixedReport;
    const page = html.format(withCases(noErrors, cases));
    const [unmet, skipped, held] = rowsOf(page, 'cases');
    expect(unmet).toContain('SHOULD unmet');
    expect(unmet).not.toContain('0/1');
    expect(skipped).toContain('\u2013');
    expect(skipped).not.toContain('0/1');
    expect(held).toContain('1/1');
    const header = /<table id="cases" class="sortable"><thead><tr>(.*?)<\/tr>/.exec(page)?.[1] ?? '';
    expect(header).not.toMatch(/<th>(Tool|Model|Era)<\/th>/);
    expect(header).toContain('<th>Measurements</th>');
  });

  it('names the server of a run without a manifest by its identity hash, never its command', () => {
    const { manifest: _, ...unnamed } = mixedReport;
    const page = html.format({ ...unnamed, command: 'scan', target: { transport: 'stdio', identity: 'sha256:0123456789abcdef' } });
    expect(page).toContain('<title>MCP Eval: scan stdio sha256:0123456789abcdef</title>');
    expect(page).toMatch(/<h1>[^\n]*stdio server <code>sha256:0123456789abcdef<\/code>/);
  });

  it('prints no control that needs the script: the chart hint and the filters start hidden', () => {
    const page = html.format(mixedReport);
    expect(page).toContain('id="tools-hint" hidden');
    expect(page).toContain('id="case-filters" hidden');
  });
});
