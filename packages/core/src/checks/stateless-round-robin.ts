import Type, { type Static } from 'typebox';
import { isHttpUrl, maxOf, minOf, type Connection } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTool } from '../calls/call-tool.js';
import { classifyCall, type CallKind } from '../calls/classify-call.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import { jsonDigest, resultDigest } from '../calls/result-digest.js';
import { listTools } from '../catalog/list-tools.js';
import type { Finding } from '../record.js';
import { namedTool } from '../calls/called-tool.js';

/** Rounds by default: each round is a `tools/list` walk and a call, on the next instance in turn. */
const DEFAULT_ROUNDS = 4;
/** The most rounds a case may ask for (each walks the whole catalog). */
export const MAX_ROUND_ROBIN_ROUNDS = 20;
/** The longest `second_url` a case may name (a common URL limit of browsers and proxies). */
export const MAX_SECOND_URL_LENGTH = 2048;

const LABELS = {
  'catalog-diverged': 'The instances listed different tools (the walked `tools/list` results hash differently).',
  'call-outcome-diverged': 'The same call succeeded on one instance and not on the other (or failed differently).',
  'call-result-diverged': 'The same call succeeded everywhere, but the instances answered differently (the result hashes differ).',
  'call-failed': 'The call failed on every request alike, so agreement proves nothing: check the call works on its own.',
  'list-failed': '`tools/list` could not be walked on an instance (see the pagination probe).',
  'client-connect-failed': 'The second instance could not be connected to.',
  'second-url-unusable':
    'The case names a `second_url` the run cannot use: the run connects over stdio, or the URL is not http(s). Nothing was sent.',
  'not-applicable-legacy': 'Skipped: the connection speaks the legacy (session) era, whose servers are not meant to be stateless.',
  ...MUTATION_GATE_LABELS,
} as const;

export type StatelessRoundRobinLabel = keyof typeof LABELS;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The read-only tool called on each instance in turn.' }),
    arguments: argumentsParam('The arguments of every call.'),
    second_url: Type.Optional(
      Type.String({
        maxLength: MAX_SECOND_URL_LENGTH,
        // http(s) only, no whitespace or control characters: this is where the probe sends traffic.
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\x00-\\x1f\\x7f]+$',
        description: `Over HTTP: the URL of the second instance (http:// or https://, at most ${MAX_SECOND_URL_LENGTH} characters), called with the server block's headers; without it the second instance is a second connection to \`server.http.url\`.`,
      }),
    ),
    rounds: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: MAX_ROUND_ROBIN_ROUNDS,
        default: DEFAULT_ROUNDS,
        description: `Rounds (2-${MAX_ROUND_ROBIN_ROUNDS}), alternating between the two instances: each lists the tools and makes the call.`,
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type StatelessRoundRobinParams = Static<typeof params>;

/** An outcome as one comparable string: its kind, and for results the hash of what they said. */
function callKey(call: CallKind): string {
  switch (call.kind) {
    case 'success':
    case 'tool-error':
    case 'input-required':
      return `${call.kind}:${resultDigest(call.result)}`;
    case 'rpc-error':
      return `rpc-error:${call.error.code}`;
    case 'transport-failure':
      return `transport-failure:${call.failure}`;
  }
}

/**
 * The 2026-07-28 promise that a stateless server can sit behind a plain round-robin load balancer:
 * two independent instances (two processes over stdio; over HTTP, the run's connection and a second
 * one, which reach two instances behind a balancer) are asked the same things in turn, and their
 * tool lists and read-only call outcomes must agree, compared by structure and hash only.
 */
export const statelessRoundRobin = defineCheck<Static<typeof params>, StatelessRoundRobinLabel>({
  id: 'stateless-round-robin',
  kind: 'probe',
  title: 'Stateless round robin',
  summary: 'Two independent instances asked in turn list the same tools and answer the same read-only call the same way.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  async run(ctx, params): Promise<Outcome<StatelessRoundRobinLabel>> {
    const { tool } = params;
    if (ctx.connection.era !== 'modern') return { status: 'skip', label: 'not-applicable-legacy', tool };
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const rounds = params.rounds ?? DEFAULT_ROUNDS;
    const secondUrl = params.second_url;
    if (secondUrl !== undefined && (ctx.openConnectionAt === undefined || !isHttpUrl(secondUrl))) {
      return { status: 'error', label: 'second-url-unusable', tool };
    }
    let second: Connection;
    try {
      second =
        secondUrl === undefined || ctx.openConnectionAt === undefined ? await ctx.openConnection() : await ctx.openConnectionAt(secondUrl);
    } catch {
      return { status: 'fail', label: 'client-connect-failed', tool, measurements: { instances: 1 } };
    }
    const instances = [ctx.connection, second] as const;

    const catalogs = new Set<string>();
    const calls = new Set<string>();
    const toolCounts: number[] = [];
    let successes = 0;
    for (let round = 0; round < rounds; round += 1) {
      const connection = instances[round % 2] ?? ctx.connection;
      const walk = await listTools(ctx, connection);
      if (walk.problem !== undefined) return { status: 'error', label: 'list-failed', tool, measurements: { rounds, round: round + 1 } };
      // Sorted by name: a balancer's instances may page in a different order and still agree.
      const entries = [...walk.items].sort((a, b) => String(a.name).localeCompare(String(b.name)));
      catalogs.add(jsonDigest(entries));
      toolCounts.push(walk.items.length);
      const call = classifyCall(await callTool(ctx, connection, tool, params.arguments));
      if (call.kind === 'success') successes += 1;
      calls.add(callKey(call));
    }
    const kinds = new Set([...calls].map((key) => key.slice(0, key.indexOf(':'))));
    const measurements = {
      instances: 2,
      rounds,
      successes,
      distinctCatalogs: catalogs.size,
      distinctCallOutcomes: calls.size,
      minTools: minOf(toolCounts),
      maxTools: maxOf(toolCounts),
    };
    const findings: Finding[] = [];
    if (catalogs.size > 1) findings.push({ label: 'catalog-diverged' });
    if (kinds.size > 1) findings.push({ label: 'call-outcome-diverged', tool });
    else if (calls.size > 1) findings.push({ label: 'call-result-diverged', tool });
    const [first] = findings;
    if (first !== undefined) return { status: 'fail', label: first.label as StatelessRoundRobinLabel, tool, measurements, findings };
    if (successes === 0) return { status: 'fail', label: 'call-failed', tool, measurements };
    return { status: 'pass', tool, measurements };
  },
});
