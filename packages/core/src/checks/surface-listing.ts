import { evaluatedNothing } from '../evaluated-nothing.js';
import Type, { type Static } from 'typebox';
import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ListMethod, ListWalk, ListWalkProblem } from '../catalog/walk-list.js';
import { walkList } from '../catalog/walk-list.js';
import type { Finding } from '../record.js';
import type { StarterCase } from '../starter/starter-case.js';

/** The listable surfaces besides tools, each under the capability that declares it. */
const SURFACES = [
  { surface: 'resources', method: 'resources/list', capability: 'resources', count: 'resources' },
  { surface: 'resource-templates', method: 'resources/templates/list', capability: 'resources', count: 'resourceTemplates' },
  { surface: 'prompts', method: 'prompts/list', capability: 'prompts', count: 'prompts' },
] as const satisfies readonly { surface: string; method: ListMethod; capability: string; count: string }[];

const DEFAULT_MAX_PAGES = 100;

type Surface = (typeof SURFACES)[number]['surface'];
type Problem = Exclude<ListWalkProblem, 'duplicate-item'> | 'duplicate-entry';

const PROBLEMS: Record<Problem, string> = {
  'page-malformed':
    'a page had no item array, an item without its identifying string (uri, uriTemplate or name), or a nextCursor that is not a string',
  'duplicate-entry': 'an item appeared twice across the pages',
  'cursor-repeated': 'the server sent a cursor it had already sent, so following it would loop forever',
  'too-many-pages': 'the server still offered a next cursor after max_pages pages',
  'list-error': "the listing was answered with a JSON-RPC error (its code is in the finding's jsonRpcCode)",
  'list-failed': 'the listing got no answer: timeout, crash, closed connection or an unparseable reply',
  'budget-exceeded':
    'the pages received passed the catalog budget (server.max_catalog_bytes or max_catalog_tools), so the walk was stopped',
};

const METHOD_NAMES: Record<Surface, string> = {
  resources: 'resources/list',
  'resource-templates': 'resources/templates/list',
  prompts: 'prompts/list',
};

type SurfaceLabel = `${Surface}-${Problem}` | `${Surface}-listed` | `${Surface}-not-declared`;
export type SurfaceListingLabel = 'surfaces-valid' | 'no-surfaces-declared' | SurfaceLabel;

function buildLabels(): Record<SurfaceListingLabel, string> {
  const labels: Record<string, string> = {
    'surfaces-valid': 'Every declared surface listed cleanly: item arrays present, no duplicates, cursors ending within max_pages.',
    'no-surfaces-declared': 'Skipped: the server declares neither the resources nor the prompts capability, so there was nothing to list.',
  };
  for (const [surface, method] of Object.entries(METHOD_NAMES)) {
    labels[`${surface}-listed`] = `Finding: ${method} listed cleanly.`;
    labels[`${surface}-not-declared`] = `Finding: the capability behind ${method} is not declared, so it was not called.`;
    for (const [problem, meaning] of Object.entries(PROBLEMS)) labels[`${surface}-${problem}`] = `${method}: ${meaning}.`;
  }
  return labels as Record<SurfaceListingLabel, string>;
}

function problemOf(walk: ListWalk): Problem | undefined {
  return walk.problem === 'duplicate-item' ? 'duplicate-entry' : walk.problem;
}

function declared(capabilities: JsonObject, capability: string): boolean {
  return isRecord(capabilities[capability]);
}

const params = Type.Object(
  {
    max_pages: Type.Optional(
      Type.Integer({
        minimum: 1,
        default: DEFAULT_MAX_PAGES,
        description: 'The most pages any one surface may take; a next cursor after this many pages fails.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type SurfaceListingParams = Static<typeof params>;

/** init's starter case: needs no tool. */
function starter(): StarterCase {
  return {
    comments: ['resources/list, resources/templates/list and prompts/list, where the server declares them, must list cleanly.'],
    entries: [
      { key: 'id', value: 'surfaces-list-cleanly' },
      { key: 'probe', value: 'surface-listing' },
    ],
  };
}

/**
 * Lists the resource, template and prompt surfaces the server declares, cursor by cursor with the
 * same guards as the pagination probe. Any listing error on a declared surface is a defect.
 */
export const surfaceListing = defineCheck<Static<typeof params>, SurfaceListingLabel>({
  id: 'surface-listing',
  kind: 'probe',
  title: 'Surface listing',
  summary:
    'resources/list, resources/templates/list and prompts/list, where declared, return well-formed pages whose cursors end within max_pages.',
  params,
  labels: buildLabels(),
  starter,
  async run(ctx, params): Promise<Outcome<SurfaceListingLabel>> {
    const findings: (Finding & { readonly label: SurfaceLabel })[] = [];
    const measurements: Record<string, number> = {};
    let firstProblem: SurfaceLabel | undefined;
    let listed = 0;
    for (const { surface, method, capability, count } of SURFACES) {
      if (!declared(ctx.connection.serverCapabilities, capability)) {
        findings.push({ label: `${surface}-not-declared` });
        continue;
      }
      listed += 1;
      const walk = await walkList(
        ctx.connection,
        method,
        params.max_pages ?? DEFAULT_MAX_PAGES,
        { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
        ctx.catalogBudget,
      );
      const problem = problemOf(walk);
      const label: SurfaceLabel = problem === undefined ? `${surface}-listed` : `${surface}-${problem}`;
      if (problem !== undefined) firstProblem ??= label;
      measurements[count] = walk.items.length;
      findings.push({
        label,
        measurements: {
          pages: walk.pages,
          items: walk.items.length,
          ...(walk.problemPage === undefined ? {} : { problemPage: walk.problemPage }),
          ...(walk.jsonRpcCode === undefined ? {} : { jsonRpcCode: walk.jsonRpcCode }),
        },
      });
    }
    measurements.surfaces = listed;
    if (firstProblem !== undefined) return { status: 'fail', label: firstProblem, measurements, findings };
    if (listed === 0) return { ...evaluatedNothing('no-surfaces-declared', measurements), findings };
    return { status: 'pass', label: 'surfaces-valid', measurements, findings };
  },
});
