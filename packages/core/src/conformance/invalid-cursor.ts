import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ListMethod } from '../catalog/walk-list.js';
import { evaluatedNothing, nothingLabels } from '../evaluated-nothing.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, declares } from './support/applicability.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { sharedWalk } from './support/shared-walk.js';

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

const LISTS: Readonly<Record<Probe, { readonly method: ListMethod; readonly capability: string }>> = {
  tools: { method: 'tools/list', capability: 'tools' },
  resources: { method: 'resources/list', capability: 'resources' },
  prompts: { method: 'prompts/list', capability: 'prompts' },
};

type UnreadableLabel = `${Probe}-list-unreadable`;

export type InvalidCursorLabel =
  'invalid-cursor-rejected' | ProbeLabel<Probe> | UnreadableLabel | 'list-unreadable' | 'capability-not-declared';

const UNREADABLE: Record<UnreadableLabel, string> = {
  'tools-list-unreadable':
    'Finding (not judged): tools/list answered an error or nothing even without a cursor, so its answer to a bad cursor says nothing.',
  'resources-list-unreadable':
    'Finding (not judged): resources/list answered an error or nothing even without a cursor, so its answer to a bad cursor says nothing.',
  'prompts-list-unreadable':
    'Finding (not judged): prompts/list answered an error or nothing even without a cursor, so its answer to a bad cursor says nothing.',
};

const LABELS: Record<InvalidCursorLabel, string> = {
  'invalid-cursor-rejected':
    'Every declared list that answers without a cursor answered a cursor it never issued with -32602 (Invalid params).',
  ...probeLabels(PROBES),
  ...UNREADABLE,
  ...nothingLabels('list-unreadable'),
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
};

/**
 * Both revisions, Server features › Pagination: an invalid cursor SHOULD be -32602. Each declared
 * list (`tools/list`, `resources/list`, `prompts/list`) gets one request with `INVALID_CURSOR`; a
 * page in answer means a client that sends a stale cursor silently restarts or skips the listing.
 * A list whose first page already fails without a cursor is not judged (a finding), and when no
 * declared list answers, the assertion skips.
 */
export const invalidCursor = defineCheck<ConformanceParams, InvalidCursorLabel>({
  id: 'invalid-cursor',
  kind: 'conformance',
  requirements: ['L62', 'M85'],
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
    // A list that fails without a cursor would fail with any cursor: its answer judges nothing.
    const readable = await Promise.all(declared.map(async (probe) => answersFirstPage(await sharedWalk(ctx, LISTS[probe].method))));
    const unreadable = new Set(declared.filter((_, index) => readable[index] !== true));
    const probes: ErrorProbe<Probe>[] = declared
      .filter((probe) => !unreadable.has(probe))
      .map((probe) => ({
        probe,
        expected: { codes: [ERROR_CODES.invalidParams] },
        send: () => connection.request(LISTS[probe].method, { cursor: INVALID_CURSOR }, options),
      }));
    const run = await runErrorProbes(probes);
    const judged = new Map(probes.map(({ probe }, index) => [probe, run.findings[index]]));
    // Findings in list order, the lists not judged among them.
    const findings: Finding[] = declared.map((probe) => judged.get(probe) ?? { label: `${probe}-list-unreadable` });
    const measurements = { probes: probes.length };
    if (run.failure) return { status: 'fail', label: run.failure, measurements, findings };
    if (probes.length === 0) return { ...evaluatedNothing('list-unreadable', measurements), findings };
    return { status: 'pass', label: 'invalid-cursor-rejected', measurements, findings };
  },
});

/** Whether the list's first page, asked without a cursor, came back as a page (the shared walk). */
function answersFirstPage(walk: { readonly problem?: string; readonly problemPage?: number }): boolean {
  return !(walk.problemPage === 1 && (walk.problem === 'list-error' || walk.problem === 'list-failed'));
}
