import type { JsonObject } from '@mcp-eval/protocol';
import { isJsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import type { WireMessage } from './support/wire-messages.js';
import { paramsOf, receivedMessages, sentRequests, wireOutcome } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';
import type { WireLogFullLabel } from './support/wire-workload.js';

type Defect =
  | 'request-undeclared-capability'
  | 'log-undeclared'
  | 'list-changed-undeclared'
  | 'updated-unsubscribed'
  | 'server-request'
  | 'cancelled-outside-listen'
  | 'log-without-level';
export type ServerInitiatedLabel = 'server-traffic-negotiated' | Defect | WireLogFullLabel;

const LABELS: Record<ServerInitiatedLabel, string> = {
  ...WIRE_LOG_FULL_LABELS,
  'server-traffic-negotiated': 'Everything the server initiated was allowed by what was negotiated.',
  'request-undeclared-capability':
    'Legacy: a server request (sampling/createMessage, roots/list, elicitation/create) for a client capability the client did not declare.',
  'log-undeclared': 'Legacy: a notifications/message from a server that does not declare logging.',
  'list-changed-undeclared': 'Legacy: a list_changed notification for a list whose listChanged the server does not declare.',
  'updated-unsubscribed': 'Legacy: a notifications/resources/updated although the client subscribed to nothing.',
  'server-request': '2026-07-28: a JSON-RPC request from the server, which initiates none.',
  'cancelled-outside-listen': '2026-07-28: a notifications/cancelled from the server for a request that is not a subscriptions/listen.',
  'log-without-level': '2026-07-28: a notifications/message although no request set a log level.',
};

/** The client capability each legacy server request needs; `ping` needs none. */
const REQUEST_CAPABILITY: Readonly<Record<string, string>> = {
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
  'elicitation/create': 'elicitation',
};

const LIST_CHANGED: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

function legacyDefect({ kind, method }: WireMessage, client: JsonObject, server: JsonObject): Defect | undefined {
  if (kind === 'request' && method !== undefined) {
    const needed = REQUEST_CAPABILITY[method];
    return needed !== undefined && !isJsonObject(client[needed]) ? 'request-undeclared-capability' : undefined;
  }
  if (kind !== 'notification' || method === undefined) return undefined;
  if (method === 'notifications/message') return isJsonObject(server.logging) ? undefined : 'log-undeclared';
  // The workload never subscribes, so any update is unrequested.
  if (method === 'notifications/resources/updated') return 'updated-unsubscribed';
  const list = LIST_CHANGED[method];
  if (list === undefined) return undefined;
  const declared = server[list];
  return isJsonObject(declared) && declared.listChanged === true ? undefined : 'list-changed-undeclared';
}

function modernDefect({ kind, method, message }: WireMessage, listens: ReadonlySet<string>): Defect | undefined {
  if (kind === 'request') return 'server-request';
  if (kind !== 'notification') return undefined;
  // The workload sets no log level on any request.
  if (method === 'notifications/message') return 'log-without-level';
  if (method !== 'notifications/cancelled') return undefined;
  return listens.has(JSON.stringify(paramsOf(message).requestId)) ? undefined : 'cancelled-outside-listen';
}

/**
 * What the server initiated during the shared wire workload stays within what was negotiated.
 * Legacy: server requests only for client capabilities the client declared, log messages only with
 * `logging` declared, list_changed only with that list's `listChanged`, resource updates only after
 * a subscribe. 2026-07-28: no server request at all, `notifications/cancelled` only for a listen,
 * no log message without a log level.
 */
export const serverInitiated = defineCheck<ConformanceParams, ServerInitiatedLabel>({
  id: 'server-initiated',
  kind: 'conformance',
  requirements: ['L16', 'L60', 'M52', 'M53', 'M82'],
  title: 'Server-initiated traffic was negotiated',
  summary: 'The server sends requests and notifications only for what was negotiated (2026-07-28: no requests at all).',
  params: NO_PARAMS,
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<ServerInitiatedLabel>> => {
    const { log, era, clientCapabilities } = await read();
    const server = ctx.connection.serverCapabilities;
    const listens = new Set<string>();
    for (const [key, { method }] of sentRequests(log)) if (method === 'subscriptions/listen') listens.add(key);
    const defects: { label: Defect; measurements: { frame: number } }[] = [];
    let initiated = 0;
    for (const message of receivedMessages(log)) {
      if (message.kind !== 'request' && message.kind !== 'notification') continue;
      initiated += 1;
      const defect = era === 'modern' ? modernDefect(message, listens) : legacyDefect(message, clientCapabilities, server);
      if (defect) defects.push({ label: defect, measurements: { frame: message.index } });
    }
    return wireOutcome(defects, 'server-traffic-negotiated', { initiated });
  }),
});
