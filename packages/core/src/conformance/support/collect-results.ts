import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';
import { ERROR_CODES } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../../check.js';
import type { NothingLabel } from '../../evaluated-nothing.js';
import { evaluatedNothing } from '../../evaluated-nothing.js';
import type { Finding } from '../../record.js';
import type { ListMethod, ListWalk } from '../../catalog/walk-list.js';
import { declares } from './applicability.js';
import { placeholderArguments } from './placeholder-arguments.js';
import { readOnlyTools } from './read-only-tools.js';
import { sharedPagedWalk } from './shared-walk.js';
import { perConnection } from './per-connection.js';
import { sharedRequest } from './shared-request.js';

/** Where a result came from. */
export type ResultSurface =
  'discover' | 'tools' | 'resources' | 'resource-templates' | 'prompts' | 'resource-read' | 'prompt-get' | 'tool-call';

export const LIST_SURFACES = ['tools', 'resources', 'resource-templates', 'prompts'] as const;

/** What each surface is, as the labels of the assertions about result shape say it. */
export const SURFACE_NAMES: Readonly<Record<ResultSurface, string>> = {
  discover: 'server/discover',
  tools: 'tools/list',
  resources: 'resources/list',
  'resource-templates': 'resources/templates/list',
  prompts: 'prompts/list',
  'resource-read': 'resources/read of the first listed resource',
  'prompt-get': 'prompts/get of the first prompt without required arguments',
  'tool-call': 'tools/call of the first tool declared read-only, with placeholder arguments',
};

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

/** What `collectResults` reads without calling a tool, once per connection and `reads` choice. */
const bases = perConnection<boolean, CollectedResults & { readonly tools: readonly JsonObject[] }>();

/**
 * The results a conformance assertion about result shape reads: a fresh `server/discover`, every
 * page of every declared list (walked by the shared `walkList`, the lists side by side), and
 * optionally single reads that have no side effects. Only what the server declares is asked for.
 * The part without a tool call is read once per connection and shared (memoised on the
 * connection: `cache-fields`, `result-type` and `server-info-meta` judge the same answers); the
 * tool call is each caller's own.
 */
export async function collectResults(ctx: CheckContext, options: CollectOptions): Promise<CollectedResults> {
  const { results, unreadable, tools } = await bases(ctx.connection, options.reads, () => collectBase(ctx, options.reads));
  if (!options.toolCall) return { results, unreadable };
  const [tool] = readOnlyTools(tools);
  if (!tool) return { results, unreadable };
  const params = { name: tool.name as string, arguments: placeholderArguments(tool.inputSchema) };
  const exchange = await ctx.connection.request('tools/call', params, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
  // A call may legitimately fail (placeholder arguments): only a result is checked.
  return exchange.outcome === 'result'
    ? { results: [...results, { surface: 'tool-call', method: 'tools/call', page: 1, result: exchange.result }], unreadable }
    : { results, unreadable };
}

async function collectBase(ctx: CheckContext, reads: boolean): Promise<CollectedResults & { readonly tools: readonly JsonObject[] }> {
  const requestOptions = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  const results: SurfaceResult[] = [];
  const unreadable: { surface: ResultSurface; jsonRpcCode?: number }[] = [];
  const single = (surface: ResultSurface, method: string, exchange: Exchange, reportErrors: boolean): void => {
    if (exchange.outcome === 'result') results.push({ surface, method, page: 1, result: exchange.result });
    else if (reportErrors) unreadable.push({ surface, ...(exchange.outcome === 'error' ? { jsonRpcCode: exchange.error.code } : {}) });
  };

  const declared = LISTS.filter(({ capability }) => declares(ctx.connection, capability));
  const [discover, ...walked] = await Promise.all([
    ctx.connection.request('server/discover', {}, requestOptions),
    ...declared.map(async ({ method }) => {
      const { walk, pages } = await sharedPagedWalk(ctx, method);
      return { walk, exchanges: pages };
    }),
  ]);
  single('discover', 'server/discover', discover, true);

  const walks = new Map<ResultSurface, ListWalk>();
  declared.forEach(({ surface, method }, position) => {
    const entry = walked[position];
    if (!entry) return;
    const { walk, exchanges } = entry;
    walks.set(surface, walk);
    exchanges.forEach(({ exchange }, index) => {
      if (exchange.outcome === 'result') results.push({ surface, method, page: index + 1, result: exchange.result });
    });
    // Templates are optional under the resources capability: method-not-found there is "none".
    const notImplemented = surface === 'resource-templates' && walk.jsonRpcCode === ERROR_CODES.methodNotFound;
    if ((walk.problem === 'list-error' || walk.problem === 'list-failed') && !notImplemented) {
      unreadable.push({ surface, ...(walk.jsonRpcCode === undefined ? {} : { jsonRpcCode: walk.jsonRpcCode }) });
    }
  });

  if (reads) {
    // A read may legitimately fail (a resource behind credentials): only results are checked.
    const resource = walks.get('resources')?.items.find((item) => typeof item.uri === 'string');
    const prompt = walks.get('prompts')?.items.find((item) => !needsArguments(item));
    const [read, got] = await Promise.all([
      resource ? sharedRequest(ctx, 'resources/read', { uri: resource.uri as string }) : undefined,
      prompt ? sharedRequest(ctx, 'prompts/get', { name: prompt.name as string }) : undefined,
    ]);
    if (read) single('resource-read', 'resources/read', read, false);
    if (got) single('prompt-get', 'prompts/get', got, false);
  }
  return { results, unreadable, tools: walks.get('tools')?.items ?? [] };
}

function needsArguments(prompt: JsonObject): boolean {
  return Array.isArray(prompt.arguments) && prompt.arguments.some((argument) => isRecord(argument) && argument.required === true);
}

/** The skips an assertion about result shape may end with. */
export type ShapeSkipLabel = Extract<NothingLabel, 'nothing-read' | 'surface-unreadable'>;

type Labelled<L extends string> = Finding & { readonly label: L };

/**
 * How an assertion about result shape ends: the first defect among the results read fails; with no
 * defect, a declared surface that could not be read (or nothing read at all) is a skip, never a
 * pass, since "every result" was not seen. The unreadable surfaces stay findings either way.
 */
export function shapeOutcome<L extends string>(
  pass: L,
  checked: number,
  defects: readonly Labelled<L>[],
  unreadable: readonly Labelled<L>[],
): Outcome<L | ShapeSkipLabel> {
  const measurements = { results: checked, defects: defects.length, unreadable: unreadable.length };
  const findings = [...defects, ...unreadable];
  const [first] = defects;
  if (first) return { status: 'fail', label: first.label, measurements, findings };
  if (checked === 0) return { ...evaluatedNothing('nothing-read', measurements), ...(findings.length === 0 ? {} : { findings }) };
  if (unreadable.length > 0) return { ...evaluatedNothing('surface-unreadable', measurements), findings };
  return { status: 'pass', label: pass, measurements };
}

/** Each unreadable surface `keep` accepts (every one by default) as a finding `<surface>-unreadable`, with its JSON-RPC code. */
export function unreadableFindings<S extends ResultSurface = ResultSurface>(
  unreadable: CollectedResults['unreadable'],
  keep?: (surface: ResultSurface) => surface is S,
): Labelled<`${S}-unreadable`>[] {
  return unreadable.flatMap(({ surface, jsonRpcCode }) =>
    keep === undefined || keep(surface)
      ? [{ label: `${surface as S}-unreadable` as const, ...(jsonRpcCode === undefined ? {} : { measurements: { jsonRpcCode } }) }]
      : [],
  );
}
