import Type, { type Static } from 'typebox';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ListWalkProblem } from '../catalog/walk-list.js';
import { walkList } from '../catalog/walk-list.js';
import type { StarterCase } from '../starter/starter-case.js';

const LABELS = {
  'pages-valid': 'Every tools/list page was well formed, no tool appeared twice, and the cursors ended within max_pages.',
  'page-malformed': 'A page had no tools array, an entry without a string name, or a nextCursor that is not a string.',
  'duplicate-tool': 'A tool name appeared twice across the pages.',
  'cursor-repeated': 'The server sent a cursor it had already sent: following it would loop forever.',
  'too-many-pages': 'The server still offered a next cursor after max_pages pages.',
  'list-error': 'A tools/list request was answered with a JSON-RPC error (its code is in jsonRpcCode).',
  'list-failed': 'A tools/list request got no answer: timeout, crash, closed connection or an unparseable reply.',
  'catalog-budget-exceeded':
    'The pages received passed the catalog budget (server.max_catalog_bytes or max_catalog_tools) before the cursors ended.',
} as const;

export type PaginationLabel = keyof typeof LABELS;

const DEFAULT_MAX_PAGES = 100;

const PROBLEM_LABEL: Record<ListWalkProblem, PaginationLabel> = {
  'page-malformed': 'page-malformed',
  'duplicate-item': 'duplicate-tool',
  'cursor-repeated': 'cursor-repeated',
  'too-many-pages': 'too-many-pages',
  'list-error': 'list-error',
  'list-failed': 'list-failed',
  'budget-exceeded': 'catalog-budget-exceeded',
};

const params = Type.Object(
  {
    max_pages: Type.Optional(
      Type.Integer({
        minimum: 1,
        default: DEFAULT_MAX_PAGES,
        description: 'The most tools/list pages the server may take to list its catalog; a next cursor after this many pages fails.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type PaginationParams = Static<typeof params>;

/** init's starter case: needs no tool. */
function starter(): StarterCase {
  return {
    comments: ['tools/list pages must be well formed, without duplicates or repeated cursors.'],
    entries: [
      { key: 'id', value: 'catalog-pages' },
      { key: 'probe', value: 'pagination' },
      { key: 'max_pages', value: 100 },
    ],
  };
}

/**
 * Walks `tools/list` cursor by cursor, never through a client library that would follow cursors
 * for us, so a looping or endless server is caught instead of hanging the run.
 */
export const pagination = defineCheck<Static<typeof params>, PaginationLabel>({
  id: 'pagination',
  kind: 'probe',
  title: 'Pagination',
  summary: 'tools/list pages are well formed, list every tool once, and their cursors end within max_pages.',
  params,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<PaginationLabel>> {
    const walk = await walkList(
      ctx.connection,
      'tools/list',
      params.max_pages ?? DEFAULT_MAX_PAGES,
      { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
      ctx.catalogBudget,
    );
    const measurements = {
      pages: walk.pages,
      tools: walk.items.length + walk.tooDeep.length,
      receivedBytes: walk.receivedBytes,
      ...(walk.problemPage === undefined ? {} : { problemPage: walk.problemPage }),
      ...(walk.jsonRpcCode === undefined ? {} : { jsonRpcCode: walk.jsonRpcCode }),
    };
    if (walk.problem === undefined) return { status: 'pass', label: 'pages-valid', measurements };
    return { status: 'fail', label: PROBLEM_LABEL[walk.problem], measurements };
  },
});
