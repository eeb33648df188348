import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import type { ResultSurface } from './support/collect-results.js';
import type { ShapeSkipLabel } from './support/collect-results.js';
import { collectResults, shapeOutcome, SURFACE_NAMES, unreadableFindings } from './support/collect-results.js';
import { nothingLabels } from '../evaluated-nothing.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

/** The result `_meta` key that names the server on 2026-07-28 (moved out of DiscoverResult's body). */
export const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

/** What this assertion reads: everything `collectResults` reads except a tool call. */
type Surface = Exclude<ResultSurface, 'tool-call'>;

// Every surface but the tool call, which this assertion does not read.
const { 'tool-call': _toolCall, ...SURFACES } = SURFACE_NAMES;

type Problem = 'server-info-missing' | 'server-info-incomplete' | 'unreadable';
type SurfaceLabel = `${Surface}-${Problem}`;
export type ServerInfoMetaLabel = 'server-info-present' | SurfaceLabel | ShapeSkipLabel | 'era-legacy';

const PROBLEMS: Record<Problem, string> = {
  'server-info-missing': `a result whose _meta has no ${SERVER_INFO_META} object`,
  'server-info-incomplete': `a result whose _meta ${SERVER_INFO_META} lacks a string name or a string version`,
  unreadable:
    'finding: the server declares it but answered with an error or not at all (code in jsonRpcCode), so no result could be checked',
};

function buildLabels(): Record<ServerInfoMetaLabel, string> {
  const labels: Record<string, string> = {
    'server-info-present': `Every checked result named the server in _meta ${SERVER_INFO_META}, with a string name and version.`,
    'era-legacy': SKIP_LABELS['era-legacy'],
    ...nothingLabels('nothing-read', 'surface-unreadable'),
  };
  for (const [surface, what] of Object.entries(SURFACES)) {
    for (const [problem, meaning] of Object.entries(PROBLEMS)) labels[`${surface}-${problem}`] = `${what}: ${meaning}.`;
  }
  return labels as Record<ServerInfoMetaLabel, string>;
}

function problemOf(result: JsonObject): Problem | undefined {
  const info = isRecord(result._meta) ? result._meta[SERVER_INFO_META] : undefined;
  if (!isRecord(info)) return 'server-info-missing';
  return typeof info.name === 'string' && typeof info.version === 'string' ? undefined : 'server-info-incomplete';
}

/**
 * 2026-07-28, Base protocol › Result metadata and Server features › Discover: every result SHOULD
 * name the server in `_meta["io.modelcontextprotocol/serverInfo"]` (an Implementation: `name` and
 * `version`), DiscoverResult included. Read on discover, every page of every declared list, one
 * resource read and one prompt get; never a tool call. The names are checked for type, never recorded.
 */
export const serverInfoMeta = defineCheck<ConformanceParams, ServerInfoMetaLabel>({
  id: 'server-info-meta',
  kind: 'conformance',
  requirements: ['M14', 'M21'],
  level: 'should',
  title: 'Results name the server in _meta',
  summary: 'Every 2026-07-28 result, discover included, carries _meta serverInfo with a string name and version (a SHOULD).',
  params: NO_PARAMS,
  labels: buildLabels(),
  async run(ctx): Promise<Outcome<ServerInfoMetaLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const collected = await collectResults(ctx, { reads: true, toolCall: false });
    const findings: (Finding & { readonly label: SurfaceLabel })[] = [];
    let checked = 0;
    for (const { surface, page, result } of collected.results) {
      if (surface === 'tool-call') continue;
      checked += 1;
      const problem = problemOf(result);
      if (problem) findings.push({ label: `${surface}-${problem}`, measurements: { page } });
    }
    const unreadable = unreadableFindings(collected.unreadable, (surface): surface is Surface => surface !== 'tool-call');
    return shapeOutcome<ServerInfoMetaLabel>('server-info-present', checked, findings, unreadable);
  },
});
