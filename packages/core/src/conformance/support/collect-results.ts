import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';
import { ERROR_CODES } from '@mcp-eval/protocol';

import type { CheckContext } from '../../check.js';
import { CATALOG_MAX_PAGES } from '../../catalog/list-tools.js';
import type { ListMethod, ListWalk } from '../../catalog/walk-list.js';
import { walkList } from '../../catalog/walk-list.js';
import { declares } from './applicability.js';
import { placeholderArguments } from './placeholder-arguments.js';
import { readOnlyTools } from './read-only-tools.js';
import { recordingConnection } from './recording-connection.js';

/** Where a result came from. */
export type ResultSurface =
  'discover' | 'tools' | 'resources' | 'resource-templates' | 'prompts' | 'resource-read' | 'prompt-get' | 'tool-call';

export const LIST_SURFACES = ['tools', 'resources', 'resource-templates', 'prompts'] as const;

const LISTS = [
  { surface: 'tools', method: 'tools/list', capability: 'tools' },
  { surface: 'resources', method: 'resources/list', capability: 'resources' },
  { surface: 'resource-templates', method: 'resources/templates/list', capability: 'resources' },
  { surface: 'prompts', method: 'prompts/list', capability: 'prompts' },
] as const satisfies readonly { surface: ResultSurface; method: ListMethod; capability: string }[];

export interface SurfaceResult {
  readonly surface: ResultSurface;
  readonly method: string;
  /** 1-based page of a list; 1 for single results. */
  readonly page: number;
  readonly result: JsonObject;
}

export interface CollectedResults {
  readonly results: readonly SurfaceResult[];
  /** Declared surfaces that answered with an error or not at all, so nothing could be checked. */
  readonly unreadable: readonly { readonly surface: ResultSurface; readonly jsonRpcCode?: number }[];
}

export interface CollectOptions {
  /** Also read the first listed resource and get the first prompt that needs no arguments. */
  readonly reads: boolean;
  /** Also call the first tool the server declares read-only, with placeholder arguments. */
  readonly toolCall: boolean;
}

/**
 * The results a conformance assertion about result shape reads: a fresh `server/discover`, every
 * page of every declared list (walked by the shared `walkList`), and optionally single reads that
 * have no side effects. Only what the server declares is asked for.
 */
export async function collectResults(ctx: CheckContext, options: CollectOptions): Promise<CollectedResults> {
  const requestOptions = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  const results: SurfaceResult[] = [];
  const unreadable: { surface: ResultSurface; jsonRpcCode?: number }[] = [];
  const single = (surface: ResultSurface, method: string, exchange: Exchange, reportErrors: boolean): void => {
    if (exchange.outcome === 'result') results.push({ surface, method, page: 1, result: exchange.result });
    else if (reportErrors) unreadable.push({ surface, ...(exchange.outcome === 'error' ? { jsonRpcCode: exchange.error.code } : {}) });
  };

  single('discover', 'server/discover', await ctx.connection.request('server/discover', {}, requestOptions), true);

  const walks = new Map<ResultSurface, ListWalk>();
  for (const { surface, method, capability } of LISTS) {
    if (!declares(ctx.connection, capability)) continue;
    const recorded = recordingConnection(ctx.connection);
    const walk = await walkList(recorded.connection, method, CATALOG_MAX_PAGES, requestOptions, ctx.catalogBudget);
    walks.set(surface, walk);
    recorded.exchanges.forEach(({ exchange }, index) => {
      if (exchange.outcome === 'result') results.push({ surface, method, page: index + 1, result: exchange.result });
    });
    // Templates are optional under the resources capability: method-not-found there is "none".
    const notImplemented = surface === 'resource-templates' && walk.jsonRpcCode === ERROR_CODES.methodNotFound;
    if ((walk.problem === 'list-error' || walk.problem === 'list-failed') && !notImplemented) {
      unreadable.push({ surface, ...(walk.jsonRpcCode === undefined ? {} : { jsonRpcCode: walk.jsonRpcCode }) });
    }
  }

  if (options.reads) {
    // A read may legitimately fail (a resource behind credentials): only results are checked.
    const resource = walks.get('resources')?.items.find((item) => typeof item.uri === 'string');
    if (resource)
      single(
        'resource-read',
        'resources/read',
        await ctx.connection.request('resources/read', { uri: resource.uri as string }, requestOptions),
        false,
      );
    const prompt = walks.get('prompts')?.items.find((item) => !needsArguments(item));
    if (prompt)
      single(
        'prompt-get',
        'prompts/get',
        await ctx.connection.request('prompts/get', { name: prompt.name as string }, requestOptions),
        false,
      );
  }
  if (options.toolCall) {
    const [tool] = readOnlyTools(walks.get('tools')?.items ?? []);
    if (tool) {
      const params = { name: tool.name as string, arguments: placeholderArguments(tool.inputSchema) };
      single('tool-call', 'tools/call', await ctx.connection.request('tools/call', params, requestOptions), false);
    }
  }
  return { results, unreadable };
}

function needsArguments(prompt: JsonObject): boolean {
  return Array.isArray(prompt.arguments) && prompt.arguments.some((argument) => isRecord(argument) && argument.required === true);
}
