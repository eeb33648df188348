import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, declares } from './support/applicability.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

/**
 * The cursor sent: no server issued it. Cursors are opaque, so no string is invalid everywhere;
 * this one is not base64, not a number and names the instrument, so a server can only have minted
 * it by accident.
 */
export const INVALID_CURSOR = 'mcp-eval: not a cursor this server issued';

const PROBES = {
  tools: 'tools/list with a cursor the server never issued',
  resources: 'resources/list with a cursor the server never issued',
  prompts: 'prompts/list with a cursor the server never issued',
} as const;

type Probe = keyof typeof PROBES;

const LISTS: Readonly<Record<Probe, { readonly method: string; readonly capability: string }>> = {
  tools: { method: 'tools/list', capability: 'tools' },
  resources: { method: 'resources/list', capability: 'resources' },
  prompts: { method: 'prompts/list', capability: 'prompts' },
};

export type InvalidCursorLabel = 'invalid-cursor-rejected' | ProbeLabel<Probe> | 'capability-not-declared';

const LABELS: Record<InvalidCursorLabel, string> = {
  'invalid-cursor-rejected': 'Every declared list answered a cursor it never issued with -32602 (Invalid params).',
  ...probeLabels(PROBES),
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
};

/**
 * Both revisions, Server features › Pagination: an invalid cursor SHOULD be -32602. Each declared
 * list (`tools/list`, `resources/list`, `prompts/list`) gets one request with `INVALID_CURSOR`; a
 * page in answer means a client that sends a stale cursor silently restarts or skips the listing.
 */
export const invalidCursor = defineCheck<ConformanceParams, InvalidCursorLabel>({
  id: 'invalid-cursor',
  kind: 'conformance',
  level: 'should',
  title: 'An invalid cursor is -32602',
  summary: 'Each declared list answers a cursor the server never issued with -32602, not a page (a SHOULD).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<InvalidCursorLabel>> {
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const declared = (Object.keys(LISTS) as Probe[]).filter((probe) => declares(connection, LISTS[probe].capability));
    if (declared.length === 0) return { status: 'skip', label: 'capability-not-declared' };
    const probes: ErrorProbe<Probe>[] = declared.map((probe) => ({
      probe,
      expected: { codes: [ERROR_CODES.invalidParams] },
      send: () => connection.request(LISTS[probe].method, { cursor: INVALID_CURSOR }, options),
    }));
    const { findings, failure } = await runErrorProbes(probes);
    const measurements = { probes: probes.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'invalid-cursor-rejected', measurements, findings };
  },
});
