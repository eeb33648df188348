import type { OracleFacts, ToolFacts } from '@mcp-eval/test-support';

import type { Expectation } from './expectation.js';

/**
 * The oracle's rules (corpus/README.md lists them): each turns oracle facts into expectations.
 * `defect` names what main gets wrong where the rule and main disagree today; derive-expected
 * copies it into `knownWrongOnMainAt` only for the entries main actually gets wrong.
 */
export interface RuleExpectation extends Omit<Expectation, 'knownWrongOnMainAt'> {
  readonly defect?: string;
  /** Main shows the defect only when the machine is slow: marked known-wrong even where it held at derive time. */
  readonly loadDependent?: true;
}

/** Which conformance eras a run covers: `''` for a single-era run (its cases carry no era). */
export interface RuleContext {
  /** The facts of the era scan, lint and init negotiate (modern when the server speaks it). */
  readonly primary: OracleFacts;
  /** Conformance era tag → facts of that era. */
  readonly conformance: Readonly<Record<string, OracleFacts>>;
}

const SCAN_MAX_TOOLS = 40;
const SCAN_MAX_SCHEMA_BYTES = 65_536;
const SCAN_MAX_TIMED_TOOLS = 5;
const VALID_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const at = (era: string): string => (era === '' ? '' : `@${era}`);
const listFailed = (facts: OracleFacts): boolean => !facts.tools.complete;

const SHOULD_DEFECT = 'scan-ignores-should: scan reports a SHOULD-level assertion as a failure while conformance records should-unmet';
const NOTHING_DEFECT = 'pass-on-nothing: a check that evaluated nothing must be a skip, not a pass or a fail';

/**
 * Assertions both `scan` and `conformance` run, with the same expectation: scan runs conformance as
 * conformance runs it, in the same eras, so each era's facts give both commands' keys.
 */
function everywhere(
  ctx: RuleContext,
  id: string,
  make: (facts: OracleFacts, command: 'scan' | 'conformance') => RuleExpectation | undefined,
): RuleExpectation[] {
  const out: RuleExpectation[] = [];
  for (const [era, facts] of Object.entries(ctx.conformance)) {
    const scan = make(facts, 'scan');
    if (scan) out.push({ ...scan, key: `scan ${id}${at(era)}` });
    const made = make(facts, 'conformance');
    if (made) out.push({ ...made, key: `conformance ${id}${at(era)}` });
  }
  return out;
}

function catalogRules(facts: OracleFacts): RuleExpectation[] {
  const { tools } = facts;
  if (listFailed(facts)) {
    const code = /^error:(-?\d+)$/.exec(tools.first)?.[1];
    return [
      {
        key: 'scan discovery-cost',
        source: 'oracle:tools-list-failed',
        // An unread catalog is not measured: a skip (the gate still fails: catalog-unreadable).
        status: 'skip',
        ...(code === undefined ? {} : { label: 'list-error', measurements: { jsonRpcCode: Number(code) } }),
        measurementsAbsent: ['catalogBytes'],
        defect: 'catalog-bytes-on-unreadable-catalog: discovery-cost reports catalogBytes for a catalog it never read',
      },
    ];
  }
  const over = tools.count > SCAN_MAX_TOOLS;
  const large = (tools.catalogBytes ?? 0) > SCAN_MAX_SCHEMA_BYTES;
  const label = over && large ? 'too-many-tools-and-too-large' : over ? 'too-many-tools' : large ? 'catalog-too-large' : undefined;
  return [
    {
      key: 'scan discovery-cost',
      source: 'oracle:tool-walk',
      status: label === undefined ? 'pass' : 'fail',
      ...(label === undefined ? {} : { label }),
      measurements: { tools: tools.count, catalogBytes: tools.catalogBytes ?? 0, pages: tools.pages },
    },
    { key: 'scan pagination', source: 'oracle:tool-walk', measurements: { tools: tools.count, pages: tools.pages } },
  ];
}

/** Tools a scan may time: read-only, closed-world by the server's own word, `{}` a complete call; catalog order, at most five. */
export function closedWorldTimed(byName: Readonly<Record<string, ToolFacts>>): { timed: string[]; openWorld: string[] } {
  const timed: string[] = [];
  const openWorld: string[] = [];
  for (const [name, tool] of Object.entries(byName)) {
    if (tool.readOnlyHint !== true || tool.requiredArguments > 0 || !VALID_TOOL_NAME.test(name)) continue;
    if (tool.openWorldHint !== false) openWorld.push(name);
    else if (timed.length < SCAN_MAX_TIMED_TOOLS) timed.push(name);
  }
  return { timed, openWorld };
}

function timingRules(facts: OracleFacts): RuleExpectation[] {
  if (listFailed(facts)) return [];
  const { timed, openWorld } = closedWorldTimed(facts.tools.byName);
  const defect = 'open-world-default: a tool without openWorldHint is open-world; scan must not time it';
  return [
    ...timed.map((tool): RuleExpectation => ({
      key: `scan latency-budget/${tool}`,
      source: 'oracle:closed-world-timed',
      labelNot: ['catalog-unreadable'],
      defect:
        'slow-catalog-unreadable: on a slow (loaded or proxied) server a timed case ends catalog-unreadable although the catalog reads',
    })),
    ...openWorld.flatMap((tool): RuleExpectation[] => [
      { key: `scan latency-budget/${tool}`, source: 'oracle:open-world-untimed', absent: true, defect },
      { key: `scan degradation-over-n/${tool}`, source: 'oracle:open-world-untimed', absent: true, defect },
    ]),
  ];
}

function initRules(facts: OracleFacts): RuleExpectation[] {
  return Object.entries(facts.tools.byName)
    .filter(([, tool]) => tool.openWorldHint !== false)
    .map(([tool]) => ({
      key: `init read-only/${tool}`,
      source: 'oracle:open-world-not-vouched',
      absent: true,
      defect: 'open-world-default: init vouches read_only for a tool the server does not declare closed-world',
    }));
}

/** Surfaces and output schemas the server does not have: a check over them evaluated nothing. */
function nothingToJudgeRules(facts: OracleFacts): RuleExpectation[] {
  const out: RuleExpectation[] = [];
  if (!facts.capabilities.includes('resources') && !facts.capabilities.includes('prompts')) {
    // init writes a manifest (and so there is a run) only from a catalog it could read.
    const keys = facts.tools.complete ? ['scan surface-listing', 'run surfaces-list-cleanly'] : ['scan surface-listing'];
    for (const key of keys) out.push({ key, source: 'oracle:no-surfaces-declared', status: 'skip', defect: NOTHING_DEFECT });
  }
  if (facts.tools.complete && Object.values(facts.tools.byName).every((tool) => !tool.hasOutputSchema)) {
    out.push({ key: 'run output-matches-schema', source: 'oracle:no-output-schema', status: 'skip', defect: NOTHING_DEFECT });
  }
  return out;
}

/** Every oracle expectation for one server. */
export function oracleExpectations(ctx: RuleContext): RuleExpectation[] {
  return [
    ...catalogRules(ctx.primary),
    ...timingRules(ctx.primary),
    ...initRules(ctx.primary),
    ...nothingToJudgeRules(ctx.primary),
    ...everywhere(ctx, 'tool-names', (facts) =>
      listFailed(facts)
        ? { key: '', source: 'oracle:tools-list-failed', status: 'skip', defect: NOTHING_DEFECT }
        : { key: '', source: 'oracle:tool-walk', measurements: { tools: facts.tools.count } },
    ),
    ...everywhere(ctx, 'server-info-meta', (facts) =>
      facts.era === '2026-07-28' && listFailed(facts)
        ? { key: '', source: 'oracle:tools-list-failed', status: 'skip', defect: NOTHING_DEFECT }
        : undefined,
    ),
    ...everywhere(ctx, 'invalid-cursor', (facts, command) => {
      if (listFailed(facts))
        return {
          key: '',
          source: 'oracle:tools-list-failed',
          status: 'skip',
          defect: 'invalid-cursor-without-list: a cursor cannot be judged when the list fails without one',
        };
      if (facts.unknownCursor === 'result')
        return {
          key: '',
          source: 'oracle:unknown-cursor-served',
          status: 'pass',
          label: 'should-unmet',
          ...(command === 'scan' ? { defect: SHOULD_DEFECT } : {}),
        };
      return facts.unknownCursor === 'error:-32602'
        ? { key: '', source: 'oracle:unknown-cursor-rejected', labelNot: ['tools-served', 'tools-wrong-code'] }
        : undefined;
    }),
    ...everywhere(ctx, 'listed-resources-readable', (facts) => {
      const { resources } = facts;
      if (!resources.complete || resources.count === 0) return undefined;
      const reads = Object.entries(resources.reads);
      const readable = resources.reads.result ?? 0;
      if (readable === 0 && reads.length > 0)
        return { key: '', source: 'oracle:every-read-errored', status: 'skip', defect: NOTHING_DEFECT };
      if (readable === resources.count)
        return { key: '', source: 'oracle:every-read-answered', status: 'pass', measurements: { listed: resources.count, read: readable } };
      return undefined;
    }),
    ...everywhere(ctx, 'missing-prompt-error', (facts, command) => {
      if (!facts.prompts.complete || facts.prompts.count === 0) return undefined;
      if (facts.missingPrompt === 'error:-32602') return { key: '', source: 'oracle:missing-prompt-rejected', status: 'pass' };
      if (facts.missingPrompt.startsWith('error:'))
        return {
          key: '',
          source: 'oracle:missing-prompt-other-code',
          status: 'pass',
          label: 'should-unmet',
          ...(command === 'scan' ? { defect: SHOULD_DEFECT } : {}),
        };
      return undefined;
    }),
    ...everywhere(ctx, 'unknown-method-error', (facts) =>
      facts.unknownMethod === 'error:-32601'
        ? { key: '', source: 'oracle:unknown-method-32601', status: 'pass', label: 'method-not-found' }
        : undefined,
    ),
  ];
}
