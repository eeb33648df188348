import type { OracleSession } from './session.js';
import type { WireAnswer } from './wire.js';

/** How one request ended, in one word: `result`, `error:<code>`, `tool-error` (isError) or `failed:<reason>`. */
export type AnswerSummary = string;

export interface ToolFacts {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
  readonly hasOutputSchema: boolean;
  readonly requiredArguments: number;
}

export interface ListFacts {
  /** How the first page answered. */
  readonly first: AnswerSummary;
  /** Whether every page up to the last was walked. */
  readonly complete: boolean;
  readonly pages: number;
  readonly count: number;
}

export interface OracleFacts {
  readonly era: string;
  /** Capability names the server declared, sorted. */
  readonly capabilities: readonly string[];
  readonly tools: ListFacts & {
    /** `Buffer.byteLength(JSON.stringify(every tool entry, in order))`; absent when the walk did not complete. */
    readonly catalogBytes?: number;
    readonly byName: Readonly<Record<string, ToolFacts>>;
  };
  readonly resources: ListFacts & { readonly reads: Readonly<Record<AnswerSummary, number>> };
  readonly resourceTemplates: ListFacts;
  readonly prompts: ListFacts;
  /** `tools/list` with a cursor the server never issued. */
  readonly unknownCursor: AnswerSummary;
  /** `prompts/get` of a name the server never listed. */
  readonly missingPrompt: AnswerSummary;
  readonly unknownMethod: AnswerSummary;
}

const MAX_PAGES = 200;
const MAX_READS = 25;

export function summarize(answer: WireAnswer): AnswerSummary {
  if (answer.kind === 'error') return `error:${String(answer.code)}`;
  if (answer.kind === 'failed') return `failed:${answer.reason}`;
  return answer.result.isError === true ? 'tool-error' : 'result';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Walks one list method cursor by cursor; never follows a cursor twice. */
async function walk(session: OracleSession, method: string, key: string): Promise<{ facts: ListFacts; items: unknown[] }> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let first: AnswerSummary | undefined;
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await session.request(method, cursor === undefined ? {} : { cursor });
    first ??= summarize(answer);
    const list = answer.kind === 'result' ? answer.result[key] : undefined;
    if (answer.kind !== 'result' || !Array.isArray(list))
      return { facts: { first, complete: false, pages: page - 1, count: items.length }, items };
    // A loop: a page may be any size, and a spread passes every item as an argument.
    for (const item of list as unknown[]) items.push(item);
    const next = answer.result.nextCursor;
    if (typeof next !== 'string' || next === '') return { facts: { first, complete: true, pages: page, count: items.length }, items };
    if (seen.has(next)) return { facts: { first, complete: false, pages: page, count: items.length }, items };
    seen.add(next);
    cursor = next;
  }
  return { facts: { first: first ?? 'failed:malformed', complete: false, pages: MAX_PAGES, count: items.length }, items };
}

function toolFacts(tool: Record<string, unknown>): ToolFacts {
  const annotations = isRecord(tool.annotations) ? tool.annotations : {};
  const hint = (name: string): { readonly [key: string]: boolean } =>
    typeof annotations[name] === 'boolean' ? { [name]: annotations[name] } : {};
  const required = isRecord(tool.inputSchema) && Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.length : 0;
  return {
    ...hint('readOnlyHint'),
    ...hint('destructiveHint'),
    ...hint('idempotentHint'),
    ...hint('openWorldHint'),
    hasOutputSchema: isRecord(tool.outputSchema),
    requiredArguments: required,
  };
}

/** Everything the corpus rules need, re-derived over the raw wire. */
export async function collectFacts(session: OracleSession): Promise<OracleFacts> {
  const capabilities = isRecord(session.hello.capabilities) ? Object.keys(session.hello.capabilities).sort() : [];
  const tools = await walk(session, 'tools/list', 'tools');
  const byName: Record<string, ToolFacts> = {};
  for (const tool of tools.items) if (isRecord(tool) && typeof tool.name === 'string') byName[tool.name] = toolFacts(tool);
  const resources = await walk(session, 'resources/list', 'resources');
  const reads: Record<AnswerSummary, number> = {};
  for (const resource of resources.items.slice(0, MAX_READS)) {
    if (!isRecord(resource) || typeof resource.uri !== 'string') continue;
    const summary = summarize(await session.request('resources/read', { uri: resource.uri }));
    reads[summary] = (reads[summary] ?? 0) + 1;
  }
  const templates = await walk(session, 'resources/templates/list', 'resourceTemplates');
  const prompts = await walk(session, 'prompts/list', 'prompts');
  return {
    era: session.era,
    capabilities,
    tools: {
      ...tools.facts,
      ...(tools.facts.complete ? { catalogBytes: Buffer.byteLength(JSON.stringify(tools.items), 'utf8') } : {}),
      byName,
    },
    resources: { ...resources.facts, reads },
    resourceTemplates: templates.facts,
    prompts: prompts.facts,
    unknownCursor: summarize(await session.request('tools/list', { cursor: 'mcp-eval-oracle-cursor-never-issued' })),
    missingPrompt: summarize(await session.request('prompts/get', { name: 'mcp-eval-oracle-no-such-prompt' })),
    unknownMethod: summarize(await session.request('mcp-eval-oracle/no-such-method')),
  };
}
