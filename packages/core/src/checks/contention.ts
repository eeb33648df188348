import Type, { type Static } from 'typebox';
import type { Connection } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import { defineCheck } from '../check.js';
import type { Measurements } from '../record.js';
import { callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { CALLABLE, pickRepeated } from '../starter/pick-tool.js';
import { callEntries, leftOutNote, unsafeNote } from '../starter/call-entries.js';
import { namedTool } from '../calls/called-tool.js';

const DEFAULT_CLIENTS = 2;
/** Over stdio every client is a server process: keep a typo from starting hundreds (the load probe's limit too). */
export const MAX_CONTENTION_CLIENTS = 64;
const MAX_CLIENTS = MAX_CONTENTION_CLIENTS;

const labels = {
  'some-clients-failed': "At least one client's call did not succeed while another's did: the tool does not tolerate concurrent callers.",
  'all-clients-failed': "No client's call succeeded (tool errors, JSON-RPC errors or requests for input); check the call works on its own.",
  'client-connect-failed': "An extra client could not connect and initialize while the evaluator's own connection was open.",
  'transport-failure': "A client's call got no answer (timeout, crash, closed connection, oversized or malformed response).",
  ...MUTATION_GATE_LABELS,
} as const;

export type ContentionLabel = keyof typeof labels;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'Name of the tool every client calls.' }),
    arguments: argumentsParam('Arguments every client sends, identical for all.'),
    clients: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: MAX_CLIENTS,
        default: DEFAULT_CLIENTS,
        description: `How many independent clients call at once (2-${MAX_CLIENTS}). Each opens its own connection: a new process over stdio, a new session over HTTP.`,
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type ContentionParams = Static<typeof params>;

/** init's starter case: the preferred callable tool, called by two clients at once. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const { tool, leftOut } = pickRepeated(tools, CALLABLE);
  if (tool === undefined) return undefined;
  return {
    comments: [
      'Two independent clients call the tool at the same moment; both must succeed.',
      ...leftOutNote(leftOut),
      ...unsafeNote(tool, true),
    ],
    entries: [{ key: 'id', value: 'concurrent-calls' }, { key: 'dimension', value: 'contention' }, ...callEntries(tool)],
  };
}

/**
 * Do concurrent agents get along? Several independently initialized clients (separate processes
 * over stdio, separate sessions over HTTP) call the same tool with the same arguments at once,
 * and every call must succeed.
 */
export const contention = defineCheck<Static<typeof params>, ContentionLabel>({
  id: 'contention',
  kind: 'dimension',
  title: 'Contention',
  summary: 'Independently initialized clients calling the same tool with the same arguments at the same moment all succeed.',
  params,
  calledTools: namedTool,
  labels,
  starter,
  async run(ctx, params) {
    const { tool } = params;
    const clients = params.clients ?? DEFAULT_CLIENTS;
    // Before any extra client is started: a skipped case opens no connection either.
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);

    // Every client is connected and initialized before any call, so the calls start together
    // rather than one client's handshake giving the other a head start.
    const opened = await Promise.allSettled(Array.from({ length: clients }, () => ctx.openConnection()));
    const connections = opened.filter((o): o is PromiseFulfilledResult<Connection> => o.status === 'fulfilled').map((o) => o.value);
    if (connections.length < clients) {
      return { status: 'fail', label: 'client-connect-failed', tool, measurements: { clients, connected: connections.length } };
    }

    // Fired in one synchronous loop: every request is written before any answer can be handled.
    const exchanges = await Promise.all(connections.map((connection) => callTool(ctx, connection, tool, params.arguments)));
    const measurements: Record<string, number> = { clients };
    let succeeded = 0;
    let transportFailures = 0;
    exchanges.forEach((exchange, index) => {
      const kind = classifyCall(exchange).kind;
      if (kind === 'success') succeeded += 1;
      if (kind === 'transport-failure') transportFailures += 1;
      measurements[`client${index + 1}Ok`] = kind === 'success' ? 1 : 0;
      measurements[`client${index + 1}LatencyMs`] = exchange.latencyMs;
    });
    measurements.succeeded = succeeded;
    const result: Measurements = measurements;
    if (transportFailures > 0) return { status: 'fail', label: 'transport-failure', tool, measurements: result };
    if (succeeded === 0) return { status: 'fail', label: 'all-clients-failed', tool, measurements: result };
    if (succeeded < clients) return { status: 'fail', label: 'some-clients-failed', tool, measurements: result };
    return { status: 'pass', tool, measurements: result };
  },
});
