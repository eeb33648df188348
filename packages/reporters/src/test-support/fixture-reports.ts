import type { CaseRecord, CheckInfo, Gate, ModelColumn, RunReport, Status } from '@mcp-eval/core';
import { summarize, wilsonInterval } from '@mcp-eval/core';

/**
 * Reports every reporter test renders. `mixedReport` has passes, failures, skips, errors, repeats,
 * findings (one suppressed), a case with no location, lint scores and gate, a security check and an
 * invocation error. `unlocatedReport` is a conformance run: no manifest, no locations.
 * `behaviorReport` is a model-layer run: three columns, passes, fails, a flaky record, skips
 * (`model-unavailable`), an error (`model-timeout`), a case limited to two columns, and one
 * deterministic case beside them.
 */

const MANIFEST = 'examples/demo/mcp-eval.yaml';

const at = (line: number) => ({ file: MANIFEST, line, column: 5 });

const mixedChecks: CheckInfo[] = [
  {
    id: 'discovery-cost',
    kind: 'dimension',
    title: 'Discovery cost',
    summary: 'The tool catalog stays within the declared tool count and byte budget.',
  },
  { id: 'schema-guessability', kind: 'dimension', title: 'Schema guessability', summary: 'A tool called with naive arguments succeeds.' },
  {
    id: 'error-honesty',
    kind: 'dimension',
    title: 'Error honesty',
    summary: 'Errors carry a stable code and truthful retryable metadata.',
  },
  { id: 'state-recovery', kind: 'dimension', title: 'State recovery', summary: 'A declared recovery plan restores a working state.' },
  { id: 'contention', kind: 'dimension', title: 'Contention', summary: 'Two independent clients calling the same tool both succeed.' },
  { id: 'token-cost', kind: 'probe', title: 'Token cost', summary: 'Tool entries stay within the declared token budget.' },
  { id: 'latency-budget', kind: 'probe', title: 'Latency budget', summary: 'A read-only tool answers within the declared latency.' },
  {
    id: 'payload-bounds',
    kind: 'probe',
    title: 'Payload bounds',
    summary: 'An oversized argument neither crashes nor hangs the server.',
    securitySeverity: 5.3,
  },
  {
    id: 'security-hidden-instructions',
    kind: 'lint',
    title: 'Hidden instructions',
    summary: 'Tool descriptions hold no instructions aimed at the model.',
    securitySeverity: 9.1,
    layer: 'security',
    severity: 'critical',
  },
  {
    id: 'quality-description-length',
    kind: 'lint',
    title: 'Description length',
    summary: 'Tool descriptions are long enough to choose a tool by.',
    layer: 'quality',
    severity: 'low',
  },
];

const mixedCases: CaseRecord[] = [
  {
    id: 'catalog-budget',
    kind: 'dimension',
    check: 'discovery-cost',
    status: 'fail',
    label: 'catalog-too-large',
    measurements: { tools: 13, catalogBytes: 70211 },
    runs: 1,
    passes: 0,
    passRate: 0,
    location: at(9),
    durationMs: 41,
  },
  {
    id: 'echo-guessable',
    kind: 'dimension',
    check: 'schema-guessability',
    status: 'pass',
    tool: 'echo',
    measurements: {},
    runs: 1,
    passes: 1,
    passRate: 1,
    location: at(13),
    durationMs: 12,
  },
  {
    id: 'missing-item-is-honest',
    kind: 'dimension',
    check: 'error-honesty',
    status: 'pass',
    label: 'non-retryable-confirmed',
    tool: 'get_item',
    measurements: { jsonRpcCode: -32602, attempt: 2 },
    runs: 3,
    passes: 3,
    passRate: 1,
    gate: 'hard',
    location: at(17),
    durationMs: 96,
  },
  {
    id: 'restore-after-delete',
    kind: 'dimension',
    check: 'state-recovery',
    status: 'skip',
    label: 'mutation-not-allowed',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    location: at(23),
    durationMs: 0,
  },
  {
    id: 'concurrent-sum',
    kind: 'dimension',
    check: 'contention',
    status: 'fail',
    label: 'second-client-failed',
    tool: 'get-sum',
    measurements: { clients: 2 },
    runs: 5,
    passes: 3,
    passRate: 0.6,
    gate: 'soft',
    location: at(27),
    durationMs: 230,
  },
  {
    id: 'token-budget',
    kind: 'probe',
    check: 'token-cost',
    status: 'fail',
    label: 'tool-over-budget',
    measurements: { totalTokens: 3900, maxToolTokens: 600 },
    findings: [
      { tool: 'big_tool', label: 'tool-over-budget', measurements: { tokens: 812 } },
      { tool: 'other.tool', label: 'tool-over-budget', measurements: { tokens: 640 } },
    ],
    runs: 1,
    passes: 0,
    passRate: 0,
    location: at(31),
    durationMs: 8,
  },
  {
    id: 'slow-read',
    kind: 'probe',
    check: 'latency-budget',
    status: 'error',
    label: 'not-read-only',
    tool: 'get_item',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    location: at(35),
    durationMs: 1,
  },
  {
    id: 'oversized-message',
    kind: 'probe',
    check: 'payload-bounds',
    status: 'fail',
    label: 'payload-unhandled',
    tool: 'echo',
    measurements: { length: 1048576 },
    runs: 1,
    passes: 0,
    passRate: 0,
    location: at(39),
    durationMs: 10012,
  },
  {
    id: 'flaky-search',
    kind: 'dimension',
    check: 'error-honesty',
    status: 'error',
    label: 'case-timeout',
    tool: 'search',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    location: at(45),
    durationMs: 100000,
  },
  {
    id: 'hidden-instructions',
    kind: 'lint',
    check: 'security-hidden-instructions',
    status: 'fail',
    label: 'hidden-instruction',
    measurements: { tools: 2 },
    findings: [
      { tool: 'fetch_url', label: 'hidden-instruction' },
      { tool: 'search', label: 'hidden-instruction', suppressed: true },
    ],
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 3,
  },
  {
    id: 'description-length',
    kind: 'lint',
    check: 'quality-description-length',
    status: 'fail',
    label: 'description-too-short',
    measurements: {},
    findings: [{ tool: 'echo', pointer: '/tools/0', label: 'description-too-short', measurements: { chars: 4 } }],
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 2,
  },
];

export const mixedReport: RunReport = {
  reportVersion: 1,
  tool: { name: 'mcp-eval', version: '0.1.0' },
  command: 'run',
  manifest: MANIFEST,
  target: { transport: 'stdio', protocol: '2026-07-28' },
  startedAt: '2026-11-30T10:00:00.000Z',
  durationMs: 812,
  summary: summarize(mixedCases),
  cases: mixedCases,
  checks: mixedChecks,
  scores: { overall: 72, protocol: 100, quality: 64, security: 52 },
  gate: { passed: false, threshold: 70, failures: ['critical-finding'] },
  invocationErrors: [{ label: 'connect-crashed' }],
};

const conformanceCases: CaseRecord[] = [
  {
    id: 'initialize-handshake',
    kind: 'conformance',
    check: 'initialize-handshake',
    status: 'pass',
    measurements: { latencyMs: 14 },
    runs: 1,
    passes: 1,
    passRate: 1,
    durationMs: 14,
  },
  {
    id: 'session-id-header',
    kind: 'conformance',
    check: 'session-id-header',
    status: 'fail',
    label: 'session-id-missing',
    measurements: { httpStatus: 200 },
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 9,
  },
  {
    id: 'tools-list-pages',
    kind: 'conformance',
    check: 'tools-list-pages',
    status: 'error',
    label: 'case-timeout',
    tool: 'list',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 30000,
  },
  {
    id: 'ping',
    kind: 'conformance',
    check: 'ping',
    status: 'skip',
    label: 'not-applicable',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 0,
  },
];

export const unlocatedReport: RunReport = {
  reportVersion: 1,
  tool: { name: 'mcp-eval', version: '0.1.0' },
  command: 'conformance',
  target: { transport: 'http', protocol: '2025-11-25' },
  startedAt: '2026-11-30T11:00:00.000Z',
  durationMs: 30061,
  summary: summarize(conformanceCases),
  cases: conformanceCases,
  checks: [
    {
      id: 'initialize-handshake',
      kind: 'conformance',
      title: 'Initialize handshake',
      summary: 'The legacy initialize handshake completes.',
    },
    {
      id: 'session-id-header',
      kind: 'conformance',
      title: 'Session id header',
      summary: 'An HTTP session answers with an Mcp-Session-Id header.',
    },
    { id: 'tools-list-pages', kind: 'conformance', title: 'Tools list pages', summary: 'tools/list pages end within the page limit.' },
    { id: 'ping', kind: 'conformance', title: 'Ping', summary: 'The server answers ping.' },
  ],
};

/** The same report with every location shifted, as if a case had been inserted near the top. */
export function shiftLines(report: RunReport, by: number): RunReport {
  return {
    ...report,
    cases: report.cases.map((record) =>
      record.location === undefined ? record : { ...record, location: { ...record.location, line: record.location.line + by } },
    ),
  };
}

/** `count` failing cases of one check: for GitHub's per-run result limit. */
export function manyFailures(count: number): RunReport {
  const cases: CaseRecord[] = Array.from({ length: count }, (_, index) => ({
    id: `case-${index}`,
    kind: 'dimension',
    check: index % 10 === 0 ? 'contention' : 'discovery-cost',
    status: index % 10 === 0 ? 'error' : 'fail',
    label: index % 10 === 0 ? 'case-timeout' : 'catalog-too-large',
    tool: `tool_${index}`,
    measurements: { tools: 13, catalogBytes: 70211 + index },
    runs: 1,
    passes: 0,
    passRate: 0,
    location: { file: MANIFEST, line: 10 + index * 4, column: 5 },
    durationMs: 5,
  }));
  return { ...mixedReport, cases, summary: summarize(cases), checks: mixedChecks.slice(0, 5) };
}

const behaviorChecks: CheckInfo[] = [
  {
    id: 'discovery-cost',
    kind: 'dimension',
    title: 'Discovery cost',
    summary: 'The tool catalog stays within the declared tool count and byte budget.',
  },
  {
    id: 'tool-selection',
    kind: 'behavior',
    title: 'Tool selection',
    summary: 'A model given the catalog picks the expected tool for a task.',
  },
  {
    id: 'argument-correctness',
    kind: 'behavior',
    title: 'Argument correctness',
    summary: 'A model that picked the right tool passes the expected arguments.',
  },
  { id: 'tool-sequence', kind: 'behavior', title: 'Tool sequence', summary: 'A model calls the expected tools in the expected order.' },
  { id: 'no-call', kind: 'behavior', title: 'No call', summary: 'A model answers a task that needs no tool without calling one.' },
];

interface BehaviorRow {
  readonly id: string;
  readonly check: 'tool-selection' | 'argument-correctness' | 'tool-sequence' | 'no-call';
  readonly model: string;
  readonly status: Status;
  readonly label: string;
  readonly trials: number;
  readonly passes: number;
  readonly line: number;
  readonly gate?: Gate;
  readonly tool?: string;
  readonly extra?: Readonly<Record<string, number>>;
}

/** A folded behavior record as the engine writes it: Wilson bounds, flaky, spend on all but argument-correctness. */
function behaviorRecord(row: BehaviorRow): CaseRecord {
  const { low, high } = wilsonInterval(row.passes, row.trials);
  const passRate = row.trials === 0 ? 0 : row.passes / row.trials;
  const spend: Readonly<Record<string, number>> =
    row.check === 'argument-correctness'
      ? { argTrials: row.trials, argPasses: row.passes }
      : { requests: row.trials, inputTokens: 310 * row.trials, outputTokens: 12 * row.trials, latencyP50Ms: 420 };
  const flaky = row.passes > 0 && row.passes < row.trials && row.status !== 'error' ? 1 : 0;
  return {
    id: row.id,
    kind: 'behavior',
    check: row.check,
    status: row.status,
    label: row.label,
    ...(row.tool === undefined ? {} : { tool: row.tool }),
    measurements: {
      trials: row.trials,
      passes: row.passes,
      passRate,
      wilsonLow: low,
      wilsonHigh: high,
      flaky,
      cachedTrials: 0,
      ...spend,
      ...row.extra,
    },
    runs: row.trials,
    passes: row.passes,
    passRate,
    gate: row.gate ?? 'hard',
    location: at(row.line),
    durationMs: 50 * row.trials,
    model: row.model,
  };
}

const behaviorRows: readonly BehaviorRow[] = [
  {
    id: 'fetch-one-item',
    check: 'tool-selection',
    model: 'gpt',
    status: 'pass',
    label: 'selected-expected',
    trials: 5,
    passes: 5,
    line: 20,
    tool: 'get_item',
    extra: { selectionRate: 1 },
  },
  {
    id: 'fetch-one-item',
    check: 'argument-correctness',
    model: 'gpt',
    status: 'fail',
    label: 'value-mismatch',
    trials: 5,
    passes: 4,
    line: 20,
    tool: 'get_item',
  },
  {
    id: 'fetch-one-item',
    check: 'tool-selection',
    model: 'local',
    status: 'skip',
    label: 'model-unavailable',
    trials: 0,
    passes: 0,
    line: 20,
    tool: 'get_item',
  },
  {
    id: 'fetch-one-item',
    check: 'argument-correctness',
    model: 'local',
    status: 'skip',
    label: 'model-unavailable',
    trials: 0,
    passes: 0,
    line: 20,
    tool: 'get_item',
  },
  {
    id: 'fetch-one-item',
    check: 'tool-selection',
    model: 'lexical',
    status: 'fail',
    label: 'selected-other',
    trials: 5,
    passes: 3,
    line: 20,
    gate: 'soft',
    tool: 'get_item',
    extra: { selectionRate: 0.6 },
  },
  {
    id: 'fetch-one-item',
    check: 'argument-correctness',
    model: 'lexical',
    status: 'fail',
    label: 'missing-required',
    trials: 3,
    passes: 0,
    line: 20,
    tool: 'get_item',
  },
  {
    id: 'search-then-file',
    check: 'tool-sequence',
    model: 'gpt',
    status: 'error',
    label: 'model-timeout',
    trials: 5,
    passes: 0,
    line: 30,
    extra: { firstErrorPosition: 0, expectedSteps: 2, stepsTaken: 0 },
  },
  {
    id: 'search-then-file',
    check: 'tool-sequence',
    model: 'lexical',
    status: 'fail',
    label: 'sequence-missing-step',
    trials: 5,
    passes: 0,
    line: 30,
    extra: { firstErrorPosition: 2, expectedSteps: 2, stepsTaken: 1 },
  },
  {
    id: 'thanks-calls-nothing',
    check: 'no-call',
    model: 'gpt',
    status: 'pass',
    label: 'no-call',
    trials: 5,
    passes: 5,
    line: 40,
    extra: { falseTriggerRate: 0 },
  },
  {
    id: 'thanks-calls-nothing',
    check: 'no-call',
    model: 'local',
    status: 'skip',
    label: 'model-unavailable',
    trials: 0,
    passes: 0,
    line: 40,
  },
  {
    id: 'thanks-calls-nothing',
    check: 'no-call',
    model: 'lexical',
    status: 'pass',
    label: 'no-call',
    trials: 5,
    passes: 5,
    line: 40,
    extra: { falseTriggerRate: 0 },
  },
];

const behaviorCases: CaseRecord[] = [
  {
    id: 'catalog-budget',
    kind: 'dimension',
    check: 'discovery-cost',
    status: 'pass',
    measurements: { tools: 4, catalogBytes: 2100 },
    runs: 1,
    passes: 1,
    passRate: 1,
    location: at(5),
    durationMs: 9,
  },
  ...behaviorRows.map(behaviorRecord),
];

const behaviorColumns: ModelColumn[] = [
  {
    id: 'gpt',
    provider: 'openai',
    selectionAccuracy: 1,
    argumentCorrectness: 0.8,
    sequenceCorrectness: 0,
    overTriggerRate: 0,
    requests: 15,
    inputTokens: 4650,
    outputTokens: 180,
    cachedTrials: 5,
  },
  { id: 'local', provider: 'openai-compatible', requests: 0, inputTokens: 0, outputTokens: 0, cachedTrials: 0 },
  {
    id: 'lexical',
    provider: 'lexical',
    selectionAccuracy: 0.6,
    argumentCorrectness: 0,
    sequenceCorrectness: 0,
    overTriggerRate: 0,
    requests: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedTrials: 0,
  },
];

export const behaviorReport: RunReport = {
  reportVersion: 1,
  tool: { name: 'mcp-eval', version: '0.1.0' },
  command: 'run',
  manifest: MANIFEST,
  target: { transport: 'stdio', protocol: '2026-07-28', identity: 'sha256:0123456789abcdef' },
  startedAt: '2026-12-01T09:00:00.000Z',
  durationMs: 4321,
  summary: summarize(behaviorCases),
  cases: behaviorCases,
  checks: behaviorChecks,
  models: behaviorColumns,
};
