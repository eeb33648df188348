import type { RunReport } from '@mcp-eval/core';
import { summarize } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';
import { pretty } from './pretty.js';
import { behaviorReport, mixedReport, unlocatedReport } from './test-support/fixture-reports.js';

const ESC = '\u001b[';

describe('pretty', () => {
  // A schema-valid report of 200k cases used to overflow the stack (Math.max over a spread of every
  // record) and end the CLI in exit 3: the widths are now a loop.
  it('renders a report of 200,000 cases', () => {
    const [record] = mixedReport.cases;
    if (record === undefined) throw new Error('mixedReport has cases');
    const cases = Array.from({ length: 200_000 }, (_, index) => ({ ...record, id: `case-${String(index)}` }));
    const text = pretty.format({ ...mixedReport, cases, summary: summarize(cases) });
    expect(text).toContain('case-199999');
  });

  it('renders one line per case, evaluator errors, scores, the gate and totals (no colour)', () => {
    expect(pretty.format(mixedReport)).toBe(
      [
        'mcp-eval 0.1.0 run examples/demo/mcp-eval.yaml (stdio, 2026-07-28)',
        '',
        'FAIL   catalog-budget          discovery-cost                catalog-too-large        tools=13 catalogBytes=70211',
        'PASS   echo-guessable          schema-guessability                                    tool=echo',
        'PASS   missing-item-is-honest  error-honesty                 non-retryable-confirmed  tool=get_item jsonRpcCode=-32602 attempt=2 passes=3/3',
        'SKIP   restore-after-delete    state-recovery                mutation-not-allowed',
        'FAIL   concurrent-sum          contention                    second-client-failed     tool=get-sum clients=2 passes=3/5',
        'FAIL   token-budget            token-cost                    tool-over-budget         totalTokens=3900 maxToolTokens=600 findings=2',
        'ERROR  slow-read               latency-budget                not-read-only            tool=get_item',
        'FAIL   oversized-message       payload-bounds                payload-unhandled        tool=echo length=1048576',
        'ERROR  flaky-search            error-honesty                 case-timeout             tool=search',
        'FAIL   hidden-instructions     security-hidden-instructions  hidden-instruction       tools=2 findings=2 suppressed=1',
        'FAIL   description-length      quality-description-length    description-too-short    findings=1',
        'server unreachable: the connection was reset during the handshake',
        'scores: overall 72, protocol 100, quality 64, security 52',
        'gate: failed (threshold 70): critical-finding',
        '',
        '11 cases: 2 passed, 6 failed, 1 skipped, 2 errors (812 ms)',
        '',
      ].join('\n'),
    );
  });

  it('rounds the numbers of a row and folds its zero counters; the record keeps the exact values', () => {
    const zeros = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`outcome${i}`, 0]));
    const record = {
      ...mixedReport.cases[0]!,
      measurements: { requests: 200, ...zeros, throughput: 84.61234, evaluatorCpuShare: 0.034412 },
    };
    const report: RunReport = { ...mixedReport, cases: [record], summary: summarize([record]) };
    expect(pretty.format(report)).toContain('requests=200 throughput=84.6 evaluatorCpuShare=0.0344 +12 at 0');
    expect(record.measurements.throughput).toBe(84.61234);
  });

  it('says an unreachable server once, as its condition with its numbers, instead of a row per case', () => {
    const unconnected = Array.from({ length: 52 }, (_, index) => ({
      ...mixedReport.cases[0]!,
      id: `case-${index}`,
      status: 'error' as const,
      label: 'connect-failed',
      measurements: { httpStatus: 401 },
    }));
    const report: RunReport = {
      ...mixedReport,
      cases: unconnected,
      summary: summarize(unconnected),
      invocationErrors: [{ label: 'connect-http-status' }],
    };
    const text = pretty.format(report);
    expect(text).toContain(
      'server unreachable: the server answered the handshake with an HTTP error status (HTTP 401); 52 cases not evaluated\n',
    );
    expect(text).not.toContain('connect-failed');
    expect(text).not.toContain('evaluator error');
  });

  it('renders a manifest-less run, singular words and long durations', () => {
    expect(pretty.format(unlocatedReport)).toBe(
      [
        'mcp-eval 0.1.0 conformance (http, 2025-11-25)',
        '',
        'PASS   initialize-handshake  initialize-handshake                      latencyMs=14',
        'FAIL   session-id-header     session-id-header     session-id-missing  httpStatus=200',
        'ERROR  tools-list-pages      tools-list-pages      case-timeout        tool=list',
        'SKIP   ping                  ping                  not-applicable',
        '',
        '4 cases: 1 passed, 1 failed, 1 skipped, 1 error (30.1 s)',
        '',
      ].join('\n'),
    );
  });

  it('is plain ASCII without colour', () => {
    expect(pretty.format(mixedReport)).toMatch(/^[\x20-\x7e\n]*$/);
    expect(pretty.format(mixedReport, { color: false })).toBe(pretty.format(mixedReport));
  });

  it('uses ANSI colour and symbols only when asked', () => {
    const coloured = pretty.format(mixedReport, { color: true });
    expect(coloured).toContain(`${ESC}31m✗${ESC}39m  catalog-budget`);
    expect(coloured).toContain(`${ESC}32m✓${ESC}39m  echo-guessable`);
    expect(coloured).toContain(`${ESC}33m○${ESC}39m  restore-after-delete`);
    expect(coloured).toContain(`${ESC}35m!${ESC}39m  slow-read`);
    expect(coloured).toContain(`${ESC}1m11 cases:${ESC}22m`);
    // Stripped of its codes and with words for symbols, it is the plain text.
    // eslint-disable-next-line no-control-regex
    const stripped = coloured.replace(/\u001b\[\d+m/g, '');
    const plain = pretty
      .format(mixedReport)
      .replace(/^(PASS |FAIL |SKIP |ERROR)/gm, (word) => ({ 'PASS ': '✓', 'FAIL ': '✗', 'SKIP ': '○', ERROR: '!' })[word] ?? word);
    expect(stripped).toBe(plain);
  });
});

describe('pretty: what a count stands for', () => {
  const base = { kind: 'lint', runs: 1, passes: 0, passRate: 0, durationMs: 1 } as const;
  const report = (cases: RunReport['cases']): RunReport => ({ ...unlocatedReport, cases, summary: summarize(cases) });
  const line = (text: string, id: string): string => text.split('\n').find((l) => l.includes(` ${id} `)) ?? '';

  it('a skipped case under repeats shows as skipped, not passes=0/5', () => {
    const skipped = {
      id: 'restore',
      kind: 'dimension',
      check: 'state-recovery',
      status: 'skip',
      label: 'mutation-not-allowed',
      measurements: {},
      runs: 5,
      passes: 0,
      passRate: 0,
      durationMs: 0,
    } as const;
    const failed = { ...skipped, id: 'flaky', status: 'fail', label: 'second-client-failed', passes: 3, passRate: 0.6 } as const;
    const text = pretty.format(report([skipped, failed]));
    expect(line(text, 'restore')).toMatch(/^SKIP +restore +state-recovery +mutation-not-allowed$/);
    expect(line(text, 'flaky')).toMatch(/passes=3\/5$/);
  });

  it('lint names the tools behind failedTools (unsuppressed only), at most five and a count of the rest', () => {
    const findings = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((tool) => ({ label: 'description-too-short', tool }));
    const rule = {
      ...base,
      id: 'quality-description-length',
      check: 'quality-description-length',
      status: 'fail',
      label: 'description-too-short',
      measurements: { tools: 9, failedTools: 7 },
      findings,
    } as const;
    const suppressed = {
      ...rule,
      id: 'security-hidden-instructions',
      check: 'security-hidden-instructions',
      label: 'hidden-instruction',
      measurements: { tools: 9, failedTools: 1 },
      findings: [
        { label: 'hidden-instruction', tool: 'fetch_page', suppressed: true },
        { label: 'hidden-instruction', tool: 'get.item' },
      ],
    } as const;
    const text = pretty.format(report([rule, suppressed]));
    expect(line(text, 'quality-description-length')).toMatch(/tools=9 failedTools=7 \(a, b, c, d, e, \+2 more\) findings=7$/);
    expect(line(text, 'security-hidden-instructions')).toMatch(/tools=9 failedTools=1 \(get\.item\) findings=2 suppressed=1$/);
  });

  it('token-cost names the tools over max_tool_tokens, not the ones within it', () => {
    const record = {
      ...base,
      id: 'token-budget',
      kind: 'probe',
      check: 'token-cost',
      status: 'fail',
      label: 'tool-over-budget',
      measurements: { tools: 3, totalTokens: 900, largestToolTokens: 700, toolsOverLimit: 1 },
      findings: [
        { label: 'tool-tokens', tool: 'small', measurements: { tokens: 100 } },
        { label: 'tool-over-limit', tool: 'big_tool', measurements: { tokens: 700 } },
      ],
    } as const;
    expect(line(pretty.format(report([record])), 'token-budget')).toMatch(/toolsOverLimit=1 \(big_tool\) findings=2$/);
  });
});

describe('pretty: the model layer', () => {
  it('prints behavior records as a case × column table of pass rates, then one summary line per column', () => {
    expect(pretty.format(behaviorReport)).toBe(
      [
        'mcp-eval 0.1.0 run examples/demo/mcp-eval.yaml (stdio, 2026-07-28)',
        '',
        'PASS   catalog-budget  discovery-cost    tools=4 catalogBytes=2100',
        '',
        'case                  check                 gpt                                              local                    lexical',
        'fetch-one-item        tool-selection        PASS  5/5 1.00 [0.57,1.00]                       SKIP  model-unavailable  FAIL  3/5 0.60 [0.23,0.88] selected-other flaky',
        'fetch-one-item        argument-correctness  FAIL  4/5 0.80 [0.38,0.96] value-mismatch flaky  SKIP  model-unavailable  FAIL  0/3 0.00 [0.00,0.56] missing-required',
        'search-then-file      tool-sequence         ERROR 0/5 0.00 [0.00,0.43] model-timeout         -                        FAIL  0/5 0.00 [0.00,0.43] sequence-missing-step',
        'thanks-calls-nothing  no-call               PASS  5/5 1.00 [0.57,1.00]                       SKIP  model-unavailable  PASS  5/5 1.00 [0.57,1.00]',
        '',
        'model gpt (openai): selection accuracy 1.00, argument correctness 0.80, sequence correctness 0.00, over-trigger rate 0.00; requests 15, tokens 4650 in / 180 out, cached trials 5',
        'model local (openai-compatible): no scored trials; requests 0, tokens 0 in / 0 out, cached trials 0',
        'model lexical (lexical): selection accuracy 0.60, argument correctness 0.00, sequence correctness 0.00, over-trigger rate 0.00; requests 0, tokens 0 in / 0 out, cached trials 0',
        '',
        '12 cases: 4 passed, 4 failed, 3 skipped, 1 error (4321 ms)',
        '',
      ].join('\n'),
    );
  });

  it("prints the Wilson reference values of docs/models.md as the cells' intervals", () => {
    const base = behaviorReport.cases.find((record) => record.model === 'gpt' && record.check === 'tool-selection')!;
    const cases = [
      { ...base, measurements: { trials: 5, passes: 4, wilsonLow: 0.3755, wilsonHigh: 0.9638 }, status: 'fail', label: 'selected-other' },
      { ...base, id: 'twenty', measurements: { trials: 20, passes: 20, wilsonLow: 0.8389, wilsonHigh: 1 } },
    ] as const;
    const text = pretty.format({ ...behaviorReport, cases, summary: summarize(cases), models: [] });
    expect(text).toContain('FAIL  4/5 0.80 [0.38,0.96] selected-other');
    expect(text).toContain('PASS  20/20 1.00 [0.84,1.00]');
  });

  it('colours each cell by its status on a TTY, with symbols, and the header and ids as the rest', () => {
    const coloured = pretty.format(behaviorReport, { color: true });
    expect(coloured).toContain(`${ESC}32m✓${ESC}39m ${ESC}32m5/5 1.00 [0.57,1.00]${ESC}39m`);
    expect(coloured).toContain(`${ESC}31m✗${ESC}39m ${ESC}31m3/5 0.60 [0.23,0.88] selected-other flaky${ESC}39m`);
    expect(coloured).toContain(`${ESC}33m○${ESC}39m ${ESC}33mmodel-unavailable${ESC}39m`);
    expect(coloured).toContain(`${ESC}35m!${ESC}39m ${ESC}35m0/5 0.00 [0.00,0.43] model-timeout${ESC}39m`);
    expect(coloured).toContain(`${ESC}1mcase${ESC}22m`);
    expect(coloured).toContain(`model ${ESC}1mgpt${ESC}22m (openai)`);
    // Stripped of its codes, every row's cells start under their column's title (padding sits outside the codes).
    // eslint-disable-next-line no-control-regex
    const stripped = coloured.replace(/\u001b\[\d+m/g, '').split('\n');
    const header = stripped.findIndex((line) => line.startsWith('case '));
    const starts = ['check', 'gpt', 'local', 'lexical'].map((title) => stripped[header]!.indexOf(` ${title}`) + 1);
    const rows = stripped.slice(header + 1, header + 5);
    expect(rows).toHaveLength(4);
    for (const row of rows) for (const start of starts) expect(row.slice(start - 2, start + 1)).toMatch(/^ {2}\S$/);
    expect(pretty.format(behaviorReport)).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('prints only ids, check ids, labels, the provider, numbers and its own words', () => {
    const ids = behaviorReport.cases.flatMap((record) => [record.id, record.check, record.label ?? '', record.tool ?? '']);
    const columns = (behaviorReport.models ?? []).flatMap((column) => [column.id, column.provider]);
    const own =
      'mcp-eval run examples/demo/mcp-eval.yaml stdio 2026-07-28 0.1.0 case check model PASS FAIL SKIP ERROR flaky - selection argument sequence over-trigger accuracy correctness rate no scored trials requests tokens in / out cached cases passed failed skipped error ms';
    const allowed = new Set([...ids, ...columns, ...own.split(' ')]);
    const words = pretty
      .format(behaviorReport)
      .split(/[\s,;:()]+/)
      .filter((word) => word !== '' && !/^[\d./[\]=]+$/.test(word) && !/^[A-Za-z]+=\d+$/.test(word));
    expect(words.filter((word) => !allowed.has(word))).toEqual([]);
  });

  it('marks a cell `-` where the case did not run on that column, and orders columns as `models` lists them', () => {
    const text = pretty.format(behaviorReport);
    const row = text.split('\n').find((line) => line.startsWith('search-then-file'));
    expect(row).toMatch(/model-timeout +- +FAIL/);
    const reordered = pretty.format({ ...behaviorReport, models: [...(behaviorReport.models ?? [])].reverse() });
    expect(reordered.split('\n').find((line) => line.startsWith('case '))).toMatch(/^case +check +lexical +local +gpt$/);
  });

  it('leaves the table out of a run with no model records, and keeps a column the records name but `models` lacks', () => {
    expect(pretty.format(mixedReport)).not.toContain('case  ');
    const { models: _models, ...withoutModels } = behaviorReport;
    const text = pretty.format(withoutModels);
    expect(text.split('\n').find((line) => line.startsWith('case '))).toMatch(/^case +check +gpt +local +lexical$/);
    expect(text).not.toContain('model gpt (');
  });
});
