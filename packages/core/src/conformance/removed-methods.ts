import type { JsonObject } from '@mcp-eval/protocol';
import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { modernRequest } from './support/raw-request.js';
import { missingResourceUri } from './support/unknown-names.js';
import { METHOD_NOT_FOUND_HTTP_STATUS } from './unknown-method-error.js';

/**
 * Requests 2025-11-25 defines and 2026-07-28 removed, each sent as a 2026-07-28 request (with the
 * envelope). Only methods whose 2025 meaning is harmless are sent: `ping`, a log level, and a
 * resource subscription to a URI that does not exist. `initialize` is not among them: a server
 * that speaks both eras may route an `initialize` to its legacy leg, which both revisions allow.
 */
const PROBES = {
  ping: 'An enveloped ping (removed: 2026-07-28 has no liveness request)',
  'logging-set-level': 'An enveloped logging/setLevel (removed: the level travels in the envelope, SEP-2577)',
  'resources-subscribe': 'An enveloped resources/subscribe (removed: replaced by subscriptions/listen)',
  'resources-unsubscribe': 'An enveloped resources/unsubscribe (removed: replaced by subscriptions/listen)',
} as const;

type Probe = keyof typeof PROBES;

const REMOVED: Readonly<Record<Probe, { readonly method: string; readonly params: () => JsonObject }>> = {
  ping: { method: 'ping', params: () => ({}) },
  'logging-set-level': { method: 'logging/setLevel', params: () => ({ level: 'error' }) },
  'resources-subscribe': { method: 'resources/subscribe', params: () => ({ uri: missingResourceUri(undefined) }) },
  'resources-unsubscribe': { method: 'resources/unsubscribe', params: () => ({ uri: missingResourceUri(undefined) }) },
};

export type RemovedMethodsLabel = 'removed-methods-not-found' | ProbeLabel<Probe> | 'era-legacy';

const LABELS: Record<RemovedMethodsLabel, string> = {
  'removed-methods-not-found': 'Every method 2026-07-28 removed got -32601, with HTTP 404 over Streamable HTTP.',
  ...probeLabels(PROBES),
  'era-legacy': SKIP_LABELS['era-legacy'],
};

/**
 * 2026-07-28, both transports: the methods the revision removed (`ping`, `logging/setLevel`,
 * `resources/subscribe`, `resources/unsubscribe`) are unknown methods there: -32601, under HTTP 404
 * on Streamable HTTP. A server that still serves them on a 2026-07-28 request mixes the eras.
 */
export const removedMethods = defineCheck<ConformanceParams, RemovedMethodsLabel>({
  id: 'removed-methods',
  kind: 'conformance',
  requirements: ['M41', 'M86'],
  title: 'Removed methods are -32601',
  summary:
    'On 2026-07-28, ping, logging/setLevel and resources/subscribe/unsubscribe are gone: -32601, with HTTP 404 over Streamable HTTP.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<RemovedMethodsLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const expected = {
      codes: [ERROR_CODES.methodNotFound],
      ...(connection.traits.httpHeaders && { httpStatus: METHOD_NOT_FOUND_HTTP_STATUS }),
    };
    const probes: ErrorProbe<Probe>[] = (Object.keys(REMOVED) as Probe[]).map((probe) => ({
      probe,
      expected,
      send: () => connection.sendRaw({ body: modernRequest(REMOVED[probe].method, REMOVED[probe].params()) }, options),
    }));
    const { findings, failure } = await runErrorProbes(probes);
    const measurements = { probes: probes.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'removed-methods-not-found', measurements, findings };
  },
});
